/**
 * JSON Schema (draft 2020-12 subset understood by ajv's default draft-07 mode) of the estimates file
 * `gbgc analyze --out` writes (`format: "gbgc-estimates/1"`). Numbers that are not defined (an empty
 * cell, an interval of too few replicates) are null.
 */
const num = { type: ['number', 'null'] } as const;
const interval = { type: 'object', required: ['lo', 'hi'], properties: { lo: num, hi: num }, additionalProperties: false } as const;
const intervalOrNull = { anyOf: [interval, { type: 'null' }] } as const;
const numArray = { type: 'array', items: num } as const;
const numMatrix = { type: 'array', items: numArray } as const;
const strArray = { type: 'array', items: { type: 'string' } } as const;
const shown = {
  type: 'object',
  required: ['point', 'interval', 'type', 'z0'],
  properties: { point: num, interval: interval, type: { enum: ['bc', 'basic', 'rescaled'] }, z0: num },
  additionalProperties: false,
} as const;
const component = {
  type: 'object',
  required: ['estimate', 'biasCorrected', 'ci', 'z0', 'ciBasic', 'ciRescaled', 'shown'],
  properties: { estimate: num, biasCorrected: num, ci: interval, z0: num, ciBasic: interval, ciRescaled: interval, shown },
  additionalProperties: false,
} as const;

/** The table section (./table.ts, `TableStats`): bb/100 of games of n seats or matches of many hands. */
const TABLES_SCHEMA = {
  type: 'object',
  required: ['rows', 'differences', 'separated', 'records', 'hands', 'blocks', 'matches', 'seats', 'B', 'seed', 'level', 'interval', 'warnings'],
  additionalProperties: false,
  properties: {
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'rank',
          'participant',
          'name',
          'bb100',
          'bb100Ci',
          'bb100Se',
          'chipsPerHand',
          'chipsPerHandCi',
          'hands',
          'blocks',
          'matches',
          'missingReplicates',
        ],
        additionalProperties: false,
        properties: {
          rank: { type: 'integer' },
          participant: { type: 'string' },
          name: { type: 'string' },
          bb100: num,
          bb100Ci: intervalOrNull,
          bb100Se: num,
          chipsPerHand: num,
          chipsPerHandCi: intervalOrNull,
          hands: { type: 'integer' },
          blocks: { type: 'integer' },
          matches: { type: ['integer', 'null'] },
          missingReplicates: { type: 'integer' },
        },
      },
    },
    differences: {
      type: 'array',
      items: {
        type: 'object',
        required: ['i', 'j', 'diff', 'ci', 'se', 'excludesZero', 'diffChips', 'ciChips', 'excludesZeroChips', 'blocksBetween', 'handsI', 'handsJ'],
        additionalProperties: false,
        properties: {
          i: { type: 'string' },
          j: { type: 'string' },
          diff: num,
          ci: intervalOrNull,
          se: num,
          excludesZero: { type: 'boolean' },
          diffChips: num,
          ciChips: intervalOrNull,
          excludesZeroChips: { type: 'boolean' },
          blocksBetween: { type: 'integer' },
          handsI: { type: 'integer' },
          handsJ: { type: 'integer' },
        },
      },
    },
    separated: { type: 'integer' },
    records: { type: 'integer' },
    hands: { type: ['integer', 'null'] },
    blocks: { type: 'integer' },
    matches: { type: ['integer', 'null'] },
    seats: { type: ['integer', 'null'] },
    B: { type: 'integer' },
    seed: { type: 'integer' },
    level: { type: 'number' },
    interval: { enum: ['percentile', 'expanded'] },
    warnings: strArray,
  },
} as const;

/** The decision-quality section (./decision-quality.ts): EV loss and agreement per participant against a reference. */
const DECISION_QUALITY_SCHEMA = {
  type: 'object',
  required: ['unit', 'opponentModel', 'agreementTolerance', 'references', 'rows', 'B', 'seed', 'warnings'],
  additionalProperties: false,
  properties: {
    unit: { type: 'string' },
    opponentModel: { type: 'string' },
    agreementTolerance: { type: 'number' },
    references: {
      type: 'array',
      items: {
        type: 'object',
        required: ['game', 'name', 'reference', 'exploitability', 'reason'],
        additionalProperties: false,
        properties: {
          game: { type: 'string' },
          name: { type: 'string' },
          reference: { type: ['string', 'null'] },
          exploitability: num,
          reason: { type: ['string', 'null'] },
          preview: { type: ['string', 'null'] },
          unit: { type: 'string' },
        },
      },
    },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['participant', 'name', 'decisions', 'covered', 'meanLoss', 'meanLossCi', 'agreement', 'agreementCi', 'blocks'],
        additionalProperties: false,
        properties: {
          participant: { type: 'string' },
          name: { type: 'string' },
          decisions: { type: 'integer' },
          covered: { type: 'integer' },
          meanLoss: num,
          meanLossCi: intervalOrNull,
          agreement: num,
          agreementCi: intervalOrNull,
          blocks: { type: 'integer' },
        },
      },
    },
    B: { type: 'integer' },
    seed: { type: 'integer' },
    warnings: strArray,
  },
} as const;

/** The estimates of a store of table slots only (`format: "gbgc-table-estimates/1"`, ./table-store.ts). */
export const TABLE_ESTIMATES_SCHEMA = {
  $id: 'https://gbgc.dev/schemas/table-estimates-1.json',
  title: 'gbgc table estimates',
  type: 'object',
  required: ['format', 'meta', 'tables'],
  additionalProperties: false,
  properties: {
    format: { const: 'gbgc-table-estimates/1' },
    meta: {
      type: 'object',
      required: ['slots', 'participants', 'games', 'names', 'B', 'seed', 'commitment', 'engineVersion', 'tournamentEngineVersion', 'filter', 'warnings'],
      properties: {
        slots: { type: 'integer' },
        participants: strArray,
        games: strArray,
        names: { type: 'object', additionalProperties: { type: 'string' } },
        B: { type: 'integer' },
        seed: { type: 'integer' },
        commitment: { type: ['string', 'null'] },
        engineVersion: { type: 'string' },
        tournamentEngineVersion: { type: ['string', 'null'] },
        filter: { type: ['object', 'null'] },
        warnings: strArray,
      },
    },
    tables: TABLES_SCHEMA,
    decisionQuality: { anyOf: [{ type: 'null' }, DECISION_QUALITY_SCHEMA] },
    roulette: { anyOf: [{ type: 'null' }, { type: 'object', required: ['target', 'bankroll', 'spins', 'B', 'seed', 'games'] }] },
  },
} as const;

export const ESTIMATES_SCHEMA = {
  $id: 'https://gbgc.dev/schemas/estimates-1.json',
  title: 'gbgc estimates',
  type: 'object',
  required: ['format', 'meta', 'leaderboard', 'bootstrap', 'perGame', 'variance', 'robustness', 'rankStability', 'axes', 'profiles', 'jaggedness', 'ablation'],
  additionalProperties: false,
  properties: {
    format: { const: 'gbgc-estimates/1' },
    meta: {
      type: 'object',
      required: ['slots', 'selfPlaySlots', 'participants', 'games', 'B', 'Bsecondary', 'seed', 'names'],
      properties: {
        slots: { type: 'integer', minimum: 0 },
        selfPlaySlots: { type: 'integer', minimum: 0 },
        participants: strArray,
        games: strArray,
        B: { type: 'integer', minimum: 0 },
        Bsecondary: { type: 'integer', minimum: 0 },
        seed: { type: 'integer' },
        commitment: { type: ['string', 'null'] },
        engineVersion: { type: 'string' },
        tournamentEngineVersion: { type: ['string', 'null'] },
        names: { type: 'object', additionalProperties: { type: 'string' } },
        set: { enum: ['v2', 'v1'] },
        filter: {
          anyOf: [
            { type: 'null' },
            {
              type: 'object',
              required: ['excludedParticipants', 'games', 'slotsBefore', 'slotsKept'],
              properties: {
                excludedParticipants: strArray,
                games: { anyOf: [strArray, { type: 'null' }] },
                slotsBefore: { type: 'integer' },
                slotsKept: { type: 'integer' },
              },
              additionalProperties: false,
            },
          ],
        },
        excludedMissingReturns: {
          type: 'object',
          required: ['count', 'slots'],
          properties: { count: { type: 'integer', minimum: 0 }, slots: strArray },
          additionalProperties: false,
        },
        warnings: strArray,
        resampleGames: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    differences: {
      type: 'object',
      required: ['pairs', 'separated', 'B', 'slots', 'clusters'],
      properties: {
        pairs: {
          type: 'array',
          items: {
            type: 'object',
            required: ['i', 'j', 'diff', 'ci', 'se', 'excludesZero', 'slotsI', 'slotsJ', 'slotsBetween', 'clustersI', 'clustersJ', 'clustersBetween'],
            properties: { i: { type: 'string' }, j: { type: 'string' }, diff: num, ci: interval, se: num, excludesZero: { type: 'boolean' } },
          },
        },
        separated: { type: 'integer' },
        B: { type: 'integer' },
        slots: { type: 'integer' },
        clusters: { type: 'integer' },
        blocks: { type: 'integer' },
      },
    },
    checks: {
      type: 'object',
      required: ['rulebookLength', 'axisClusters', 'jaggednessSubsets', 'cmplx'],
      properties: {
        rulebookLength: { type: ['object', 'null'], required: ['log10Chars', 'profiles', 'compare', 'signChanges', 'lostSignificance', 'lengthSlope'] },
        axisClusters: { type: ['object', 'null'], required: ['k', 'label', 'refits'] },
        jaggednessSubsets: { type: ['object', 'null'], required: ['K', 'conditions', 'leaveOneOutRange'] },
        cmplx: { anyOf: [numArray, { type: 'null' }] },
      },
    },
    v1: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['jaggedness', 'factorAnalysis', 'subsetRefits', 'composite'],
          properties: {
            jaggedness: { type: ['object', 'null'], required: ['J', 'ci', 'residualVariance', 'noiseVariance', 'r2', 'games', 'B'] },
            factorAnalysis: { type: ['object', 'null'], required: ['explained', 'loadings', 'scores', 'participants', 'games'] },
            subsetRefits: { type: 'array', items: { type: 'object', required: ['size', 'draws', 'identified', 'median', 'p05'] } },
            composite: { type: ['object', 'null'], required: ['axes', 'slopes', 'weights', 'explained', 'signAxis', 'score', 'tertileSpread', 'top8'] },
          },
        },
      ],
    },
    leaderboard: {
      type: 'array',
      items: {
        type: 'object',
        required: ['rank', 'participant', 'name', 'alpha', 'ci', 'se', 'meanMargin', 'slots', 'fallbackMoveRate', 'fallbackSlotRate'],
        properties: {
          rank: { type: 'integer', minimum: 1 },
          participant: { type: 'string' },
          name: { type: 'string' },
          alpha: num,
          ci: interval,
          se: num,
          meanMargin: num,
          slots: { type: 'integer', minimum: 0 },
          clusters: { type: 'integer', minimum: 0 },
          blocks: { type: 'integer', minimum: 0 },
          fallbackMoveRate: num,
          fallbackSlotRate: num,
        },
        additionalProperties: false,
      },
    },
    bootstrap: {
      type: 'object',
      required: ['B', 'unidentifiedReplicates'],
      properties: { B: { type: 'integer' }, unidentifiedReplicates: { type: 'integer' } },
    },
    perGame: {
      type: 'object',
      required: ['alpha', 'ci', 'slots', 'sigma'],
      properties: { alpha: numMatrix, ci: { type: 'array', items: { type: 'array', items: intervalOrNull } }, slots: numMatrix, sigma: numArray },
      additionalProperties: false,
    },
    variance: {
      type: 'object',
      required: ['sigma2M', 'sigma2MG', 'ratio', 'cells', 'totalCells', 'B'],
      properties: {
        sigma2M: component,
        sigma2MG: component,
        ratio: component,
        cells: { type: 'integer' },
        totalCells: { type: 'integer' },
        B: { type: 'integer' },
      },
      additionalProperties: false,
    },
    robustness: {
      type: 'object',
      required: ['bradleyTerry', 'leaveOneGameOut', 'alphaVsSlots', 'pairwise', 'composite'],
      properties: {
        bradleyTerry: {
          type: 'object',
          required: ['score', 'wins', 'games', 'tauWithAlpha', 'iterations'],
          properties: {
            ties: { enum: ['seat1', 'drop', 'half'] },
            score: numArray,
            wins: numArray,
            games: numArray,
            tiedSlots: { type: 'integer' },
            prior: num,
            tauWithAlpha: num,
            iterations: { type: 'integer' },
          },
        },
        leaveOneGameOut: {
          type: 'object',
          required: ['perGame', 'meanTau', 'minTau', 'sameOrder'],
          properties: {
            perGame: {
              type: 'array',
              items: {
                type: 'object',
                required: ['game', 'tau', 'sameOrder'],
                properties: { game: { type: 'string' }, tau: num, sameOrder: { type: ['boolean', 'null'] } },
              },
            },
            meanTau: num,
            minTau: num,
            sameOrder: { type: 'integer' },
          },
        },
        alphaVsSlots: { type: 'object', required: ['slots', 'spearman'], properties: { slots: numArray, spearman: num } },
        pairwise: {
          type: 'object',
          required: ['mean', 'slots', 'ci', 'significant', 'signReversals'],
          properties: {
            mean: numMatrix,
            slots: numMatrix,
            ci: { type: 'array', items: { type: 'array', items: intervalOrNull } },
            significant: { type: 'integer' },
            signReversals: { type: 'integer' },
            counting: { enum: ['ordered', 'unordered'] },
            entries: { type: 'integer' },
            clusters: numMatrix,
          },
        },
        composite: {
          anyOf: [
            { type: 'null' },
            {
              type: 'object',
              required: ['axes', 'weights', 'explained', 'score', 'tertile', 'tertiles'],
              properties: {
                axes: strArray,
                weights: numArray,
                explained: num,
                score: numArray,
                tertile: { type: 'array', items: { enum: [0, 1, 2] } },
                tertiles: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['tertile', 'games', 'alpha', 'ci', 'spearmanWithOverall'],
                    properties: {
                      tertile: { enum: [0, 1, 2] },
                      games: strArray,
                      alpha: { anyOf: [numArray, { type: 'null' }] },
                      ci: { anyOf: [{ type: 'array', items: interval }, { type: 'null' }] },
                      spearmanWithOverall: num,
                    },
                  },
                },
              },
            },
          ],
        },
      },
    },
    rankStability: {
      type: 'object',
      required: ['perGame', 'meanObserved', 'meanExpected', 'significant05', 'significant10', 'calibrated', 'labels', 'cells'],
      properties: {
        perGame: {
          type: 'array',
          items: {
            type: 'object',
            required: ['game', 'tau', 'observed', 'expected', 'variance', 'z', 'p', 'q', 'pCalibrated', 'qCalibrated', 'expectedCalibrated', 'pairs'],
            properties: {
              game: { type: 'string' },
              tau: num,
              observed: { type: 'integer' },
              expected: num,
              variance: num,
              z: num,
              p: num,
              q: num,
              pCalibrated: num,
              qCalibrated: num,
              expectedCalibrated: num,
              pairs: { type: 'integer' },
            },
          },
        },
        meanObserved: num,
        meanExpected: num,
        significant05: { type: 'integer' },
        significant10: { type: 'integer' },
        calibrated: {
          type: 'object',
          required: ['significant05', 'significant10', 'meanExpected'],
          properties: { significant05: { type: 'integer' }, significant10: { type: 'integer' }, meanExpected: num },
        },
        labels: { type: 'object', required: ['paper', 'calibrated'], properties: { paper: { type: 'string' }, calibrated: { type: 'string' } } },
        cells: {
          type: 'array',
          items: {
            type: 'object',
            required: ['game', 'winner', 'loser', 'p', 'q'],
            properties: { game: { type: 'string' }, winner: { type: 'string' }, loser: { type: 'string' }, p: num, q: num },
          },
        },
      },
    },
    axes: { anyOf: [{ type: 'null' }, { type: 'object', required: ['names', 'constant'], properties: { names: strArray, constant: strArray } }] },
    profiles: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['axes', 'intercepts', 'slopes', 'table', 'predictedAtMax', 'B', 'fdrLevel'],
          properties: {
            axes: strArray,
            intercepts: numArray,
            slopes: numMatrix,
            table: {
              type: 'array',
              items: {
                type: 'object',
                required: ['model', 'axis', 'slope', 'ci', 'se', 'p', 'q'],
                properties: { model: { type: 'string' }, axis: { type: 'string' }, slope: num, ci: interval, se: num, p: num, q: num },
              },
            },
            predictedAtMax: {
              type: 'array',
              items: { type: 'array', items: { type: 'object', required: ['value', 'ci'], properties: { value: num, ci: interval } } },
            },
            B: { type: 'integer' },
            fdrLevel: { type: 'number' },
          },
        },
      ],
    },
    jaggedness: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['K', 'labels', 'J', 'ciJ', 'noInterval', 'slotsPerCell', 'noiseNull', 'Jv2', 'biasCorrected', 'ci', 'z0', 'ciBasic', 'sweep', 'B'],
          properties: {
            K: { type: 'integer' },
            labels: { type: 'object', required: ['J', 'Jv2'], properties: { J: { type: 'string' }, Jv2: { type: 'string' } } },
            J: numArray,
            ciJ: { type: 'array', items: intervalOrNull },
            noInterval: { type: 'array', items: { type: ['string', 'null'] } },
            slotsPerCell: numArray,
            noiseNull: { type: 'object', required: ['p', 'q'], properties: { p: numArray, q: numArray } },
            Jv2: numArray,
            biasCorrected: numArray,
            ci: { type: 'array', items: interval },
            z0: numArray,
            ciBasic: { type: 'array', items: interval },
            sweep: {
              type: 'array',
              items: { type: 'object', required: ['K', 'J', 'spearmanWithBase'], properties: { K: { type: 'integer' }, J: numArray, spearmanWithBase: num } },
            },
            B: { type: 'integer' },
          },
        },
      ],
    },
    tables: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/tables' }] },
    decisionQuality: { anyOf: [{ type: 'null' }, DECISION_QUALITY_SCHEMA] },
    roulette: { anyOf: [{ type: 'null' }, { type: 'object', required: ['target', 'bankroll', 'spins', 'B', 'seed', 'games'] }] },
    ablation: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['low', 'high', 'pooled', 'perAnchor', 'B'],
          properties: {
            low: { type: 'string' },
            high: { type: 'string' },
            pooled: { $ref: '#/$defs/ablationCell' },
            perAnchor: { type: 'array', items: { $ref: '#/$defs/ablationCell' } },
            B: { type: 'integer' },
          },
        },
      ],
    },
  },
  $defs: {
    tables: TABLES_SCHEMA,
    ablationCell: {
      type: 'object',
      required: ['anchor', 'pairs', 'games', 'delta', 'ci'],
      properties: { anchor: { type: ['string', 'null'] }, pairs: { type: 'integer' }, games: { type: 'integer' }, delta: num, ci: interval },
    },
  },
} as const;

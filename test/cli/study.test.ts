/**
 * `gbgc study` input checks and `gbgc init --study`: the starter file is a valid study; bad input
 * (an unknown key, a missing pool folder, an unwritable study folder) is one line, exit 1, before
 * anything is computed or changed; `status` of a study not started lists every stage as pending.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStudy } from '../../src/eval/study/config.js';
import { runCli } from './run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'gbgc-study-'));
const BASE = 'select: {n: 2}\ntournament:\n  participants: [{kind: random}, {kind: heuristic}]\n';

describe('gbgc init --study', () => {
  it('writes a commented starter that reads as a study with the documented defaults', async () => {
    const f = join(tmp, 'starter');
    const r = await runCli(['init', '--study', f]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`wrote ${f}.yaml`);
    const text = readFileSync(`${f}.yaml`, 'utf8');
    expect(text).toMatch(/^# A GENSTRAT study/);
    const s = readStudy(`${f}.yaml`);
    expect(s.out).toBe(join(tmp, 'study'));
    expect(s.pool).toEqual({
      kind: 'build',
      count: 40,
      complexity: [0, 0.3],
      seed: 1,
      filter: 'v2',
      episodes: 2000,
      maxTries: 100,
      repair: true,
      workers: null,
    });
    expect(s.select).toEqual({ n: 6, seed: 1 });
    expect(s.rescore.tier).toBe('precise');
    expect(s.analysis).toEqual({ bootstrap: 2000, secondary: 500, seed: 1, set: 'v2', excludeParticipants: [], games: [], allowEngineMismatch: false });
    expect((s.tournament.participants as { kind: string }[]).map((p) => p.kind)).toEqual(['random', 'l1', 'cfr']);
    // The analysis takes analyze's subsets and set; games are relative to the study file.
    writeFileSync(
      `${f}-subset.yaml`,
      text
        .replace(/\nanalysis:\n/, '\nanalysis:\n  exclude_participants: [random]\n  games: [pool/a.gbg]\n')
        .replace(/ {2}set: v2( +# or v1: GENSTRAT)/, '  set: v1$1'),
    );
    const sub = readStudy(`${f}-subset.yaml`);
    expect(sub.analysis).toMatchObject({ set: 'v1', excludeParticipants: ['random'], games: [join(tmp, 'pool', 'a.gbg')] });
    // The starter's commented allow_engine_mismatch line, uncommented, lets the analysis read a store of another engine.
    writeFileSync(`${f}-engine.yaml`, text.replace(/# (allow_engine_mismatch: true)/, '$1'));
    expect(readStudy(`${f}-engine.yaml`).analysis.allowEngineMismatch).toBe(true);
    writeFileSync(`${f}-engine-bad.yaml`, text.replace(/# allow_engine_mismatch: true/, 'allow_engine_mismatch: yes please'));
    expect(() => readStudy(`${f}-engine-bad.yaml`)).toThrow('analysis.allow_engine_mismatch: must be boolean');
    expect((await runCli(['init', '--study', f])).code).toBe(1); // exists: not overwritten
  });
});

describe('gbgc study: bad input', () => {
  const study = (name: string, text: string): string => {
    const f = join(tmp, name);
    writeFileSync(f, text);
    return f;
  };

  it('an unknown key: one line naming the file and the key, exit 1, no folder made', async () => {
    const f = study('typo.yaml', `out: typo-out\npool: {cuont: 40}\n${BASE}`);
    const r = await runCli(['study', f]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`gbgc: error: ${f}: pool.cuont: unknown key\n`);
    expect(existsSync(join(tmp, 'typo-out'))).toBe(false);
    const top = study('typo2.yaml', `pool: {count: 4}\nreprot: true\n${BASE}`);
    expect((await runCli(['study', top])).stderr).toBe(`gbgc: error: ${top}: reprot: unknown key\n`);
    const deep = study('typo3.yaml', `pool: {count: 4}\nselect: {n: 2}\ntournament:\n  participants: [{kind: random}, {kind: heuristic}]\n  rnus: 2\n`);
    expect((await runCli(['study', deep])).stderr).toBe(`gbgc: error: ${deep}: tournament.rnus: unknown key\n`);
  });

  it('a missing pool folder: one line, exit 1', async () => {
    const f = study('nopool.yaml', `out: nopool-out\npool: {folder: no-such-pool}\n${BASE}`);
    const r = await runCli(['study', f]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`gbgc: error: ${f}: pool.folder: no such folder ${join(tmp, 'no-such-pool')}\n`);
  });

  it('an unwritable study folder: one line, exit 1; what was computed stays', async () => {
    writeFileSync(join(tmp, 'a-file'), 'not a folder');
    const f = study('unwritable.yaml', `out: a-file/study\npool: {count: 4}\n${BASE}`);
    const r = await runCli(['study', f]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`^gbgc: error: ${f.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: out: the study folder .*a-file/study cannot be written \\(.*\\)\\n$`),
    );
    expect(readFileSync(join(tmp, 'a-file'), 'utf8')).toBe('not a folder');
    // A study whose tournament section a tournament config would refuse stops before the tournament
    // writes anything, and the stages before it keep their outputs.
    const kept = join(tmp, 'kept');
    mkdirSync(join(kept, 'study'), { recursive: true });
    writeFileSync(join(kept, 'study', 'selection.json'), '{"computed": true}\n');
    const g = join(kept, 'study.yaml');
    writeFileSync(g, `pool: {folder: ../no-pool}\n${BASE}`);
    expect((await runCli(['study', g])).code).toBe(1);
    expect(readdirSync(join(kept, 'study'))).toEqual(['selection.json']);
    expect(readFileSync(join(kept, 'study', 'selection.json'), 'utf8')).toBe('{"computed": true}\n');
  });

  it('status of a study not started: every stage pending; bad usage is exit 2', async () => {
    const f = study('fresh.yaml', `out: fresh-out\npool: {count: 4}\n${BASE}`);
    const r = await runCli(['study', 'status', f, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).stages.map((s: { stage: string; state: string }) => `${s.stage} ${s.state}`)).toEqual(
      ['pool', 'axes', 'select', 'rescore', 'tournament', 'analysis', 'report'].map((n) => `${n} pending`),
    );
    expect((await runCli(['study', 'status'])).code).toBe(2);
    expect((await runCli(['study', f, 'extra'])).code).toBe(2);
  });
});

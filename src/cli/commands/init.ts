/**
 * `gbgc init NAME`: write a commented starter game (`NAME.gbg`) that passes `gbgc check`: a
 * small poker game with a deck, a deal, an ante, a betting round and a showdown, each line
 * explained, to edit from.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { info } from '../io.js';
import type { RegisterCommand } from './index.js';
import { writeFileAtomic } from '../io.js';
import { UserError } from '../errors.js';
import { STARTER_STUDY } from '../../eval/study/config.js';

/**
 * The starter game's source for a game named `title`.
 * @throws UserError when the title cannot be written as a `.gbg` string (a quote, a backslash or a line break).
 */
export function starterGame(title: string): string {
  if (/["\\\r\n\t]/.test(title) || title.trim() === '')
    throw new UserError(`the game name '${title}' cannot be used as a title: use letters, digits, spaces and punctuation other than " and \\`);
  return `// ${title}: a starter game made by \`gbgc init\`. Edit it, then run
//   gbgc check FILE     (errors and warnings, with codes: \`gbgc explain CODE\`)
//   gbgc render FILE    (the rulebook, as players will read it)
//   gbgc simulate FILE  (random play: returns per seat, how often each phase runs)
//   gbgc solve FILE     (the game value and an equilibrium, for small games)
// The language is described in docs/language.md.
game "${title}" {
  // Two seats; the first named seat is seat 1.
  players Alice, Bob
  // Chips each seat starts with.
  stack 10 each

  // The deck: ranks with their values (higher beats lower), suits, and copies of each card.
  deck {
    ranks J = 11, Q = 12, K = 13, A = 14
    suits hearts, spades
    copies 1
  }

  // Phases run in order. A fold ends the game at once.
  phase Setup {
    shuffle deck
    // Each seat gets one card that only it sees.
    deal 1 to each face down
  }

  phase Ante {
    // Each seat puts 1 chip into the pot.
    ante 1 each
  }

  phase Betting {
    // Check or bet 1 chip; facing a bet: fold, call or raise (at most 2 bets and raises).
    betting fixed {
      bet 1
      raises at most 2
      first Alice
    }
  }

  // If nobody folded: the higher card takes the pot; equal cards split it.
  showdown high-card
}
`;
}

export const registerInit: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<name>', 'file to write (".gbg" is added when missing); its base name becomes the title')
    .option('--title <title>', "the game's title (default: from the file name)")
    .option('--force', 'overwrite the file if it exists')
    .option('--study', 'write a commented starter study file NAME (.yaml added when missing) for gbgc study instead')
    .addHelpText(
      'after',
      '\nExamples:\n  gbgc init my-game          # writes my-game.gbg\n  gbgc init games/duel.gbg --title "Duel poker"\n  gbgc init --study study    # writes study.yaml (gbgc study study.yaml)',
    )
    .action((name: string, opts: { title?: string; force?: boolean; study?: boolean }) => {
      const file = opts.study ? (/\.(ya?ml|json)$/.test(name) ? name : `${name}.yaml`) : name.endsWith('.gbg') ? name : `${name}.gbg`;
      const dir = dirname(file);
      if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UserError(`cannot write ${file}: the folder ${dir} does not exist`);
      if (existsSync(file) && !opts.force) throw new UserError(`${file} already exists (use --force to overwrite it)`);
      if (opts.study) {
        if (file.endsWith('.json')) throw new UserError(`${file}: the starter study is YAML (with comments); name it .yaml`);
        writeFileAtomic(file, STARTER_STUDY);
        info(ctx, `wrote ${file}\nnext: gbgc study ${file}   (docs/study.md describes every key)\n`);
        return;
      }
      const title =
        opts.title ??
        basename(file, '.gbg')
          .replace(/[-_]+/g, ' ')
          .replace(/\b\w/g, (c) => c.toUpperCase());
      writeFileAtomic(file, starterGame(title));
      info(ctx, `wrote ${file}\nnext: gbgc check ${file} && gbgc render ${file}\n`);
    });

/**
 * The command registry loads commands on demand: its listed spec, options flag and summary must be
 * those of the loaded command, each summary is written in the registry only, and a command line
 * loads only the command it runs.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { COMMANDS, commandName } from '../../src/cli/commands/index.js';
import { buildProgram, commandsToLoad, type CliContext } from '../../src/cli/main.js';

const ctx = (): CliContext => ({ io: { stdout: () => {}, stderr: () => {}, stderrIsTTY: false, stdin: Readable.from(['']) }, exitCode: 0, quiet: false });

/** The `gbgc --help` line of a command: name, [options], arguments. */
function term(program: Awaited<ReturnType<typeof buildProgram>>, name: string): string {
  const cmd = program.commands.find((c) => c.name() === name)!;
  return program.createHelp().subcommandTerm(cmd);
}

describe('the command registry', () => {
  it('lists every command with the spec, options flag and summary of the loaded command', async () => {
    const loaded = await buildProgram(ctx());
    const listed = await buildProgram(ctx(), []);
    expect(loaded.commands.map((c) => c.name())).toEqual(COMMANDS.map(commandName));
    expect(listed.commands.map((c) => c.name())).toEqual(COMMANDS.map(commandName));
    for (const entry of COMMANDS) {
      const name = commandName(entry);
      const cmd = loaded.commands.find((c) => c.name() === name)!;
      expect(cmd.description(), name).toBe(entry.summary);
      expect(term(listed, name), name).toBe(term(loaded, name));
    }
    expect(listed.helpInformation()).toBe(loaded.helpInformation());
  });

  it('writes each summary once: in the registry, never again in the command module', () => {
    for (const entry of COMMANDS) {
      const source = readFileSync(new URL(`../../src/cli/commands/${commandName(entry)}.ts`, import.meta.url), 'utf8');
      expect(source, commandName(entry)).not.toContain(entry.summary);
      expect(source, commandName(entry)).not.toContain(entry.summary.replace(/'/g, "\\'"));
    }
  });

  it('loads only the command a line runs (all of them for completion)', () => {
    const names = (argv: string[]) => commandsToLoad(argv).map(commandName);
    expect(names(['--version'])).toEqual([]);
    expect(names(['--help'])).toEqual([]);
    expect(names([])).toEqual([]);
    expect(names(['check', 'examples/kuhn.gbg'])).toEqual(['check']);
    expect(names(['--quiet', '--no-color', 'tournament', 'x.yaml'])).toEqual(['tournament']);
    expect(names(['help', 'solve'])).toEqual(['solve']);
    expect(names(['nope'])).toEqual([]);
    expect(names(['completion', 'bash'])).toEqual(COMMANDS.map(commandName));
  });
});

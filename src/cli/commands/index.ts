/**
 * The registry of `gbgc` commands, in the order `gbgc --help` lists them.
 */
import type { Command } from 'commander';
import type { CliContext } from '../main.js';

/** Registers one command on the program and returns it. */
export type RegisterCommand = (program: Command, ctx: CliContext) => Command;

export const COMMANDS: RegisterCommand[] = [];

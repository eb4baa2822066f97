/**
 * The robustness run's attack table (src/suite-runs/attack-table.ts) against the command table: every
 * command is attacked through every file it reads and every target it asks, with every kind of hostile
 * input of their classes, and every folder it writes its reports into with one holding a file another
 * wrote, or says why it has none; a flag added later that names a file, or a command
 * that asks a target, is attacked the day it lands, or this fails.
 */
import { type CommandEntry, COMMANDS, type CommandName } from '../../src/cli/command-table';
import { attacksOf, KINDS_OF, SURFACES, type TargetKind } from '../../src/suite-runs/attack-table';
import { expect, test } from './fixtures';

/** The flags that name what a command writes, never what it reads: no hostile input reaches them. */
const WRITTEN = new Set(['out', 'har', 'report', 'pid-file', 'write-npis']);

test(
  'every command of the command table is attacked: each file it reads at every kind of its class, each target it asks at every target kind, or it says why nothing',
  { tag: '@fast' },
  () => {
    const attacks = attacksOf();
    for (const [name, entry] of Object.entries(COMMANDS) as [CommandName, CommandEntry][]) {
      const surface = SURFACES[name];
      const flags = entry.flags;
      const read = Object.entries(flags)
        .filter(([flag, { value }]) => value !== undefined && /FILE|DIR/.test(value) && !WRITTEN.has(flag))
        .map(([flag]) => `--${flag}`);
      for (const flag of read) expect(Object.keys(surface.files), `${name} ${flag}`).toContain(flag);
      // A folder it writes its reports into meets one that holds a file another wrote.
      const writtenFolders = Object.entries(flags)
        .filter(([flag, { value }]) => value === 'DIR' && WRITTEN.has(flag))
        .map(([flag]) => `--${flag}`);
      for (const flag of writtenFolders)
        expect(
          attacks.some((a) => a.command === name && a.input === flag && a.kind === 'foreign-output'),
          `${name} ${flag} ← foreign-output`,
        ).toBe(true);
      // A file or folder given as an argument is attacked as one (a history's RUNS are ids of its runs, no file).
      if (entry.arguments !== undefined && entry.arguments !== '[RUNS...]')
        expect(
          Object.keys(surface.files).some((input) => /^[A-Z_]+$/.test(input)),
          name,
        ).toBe(true);
      // A command that takes a target meets every hostile target, or names what meets it, or says why it asks none.
      if ('base-url' in flags) expect(surface.asks !== undefined || surface.asksNothing !== undefined, name).toBe(true);
      if (surface.asks) {
        const kinds: TargetKind[] = ['invalid-url', 'echo', 'rate-limited', ...(surface.stoppable ? (['signal'] as const) : [])];
        for (const kind of kinds)
          expect(
            attacks.some((a) => a.command === name && a.kind === kind) || surface.coveredBy?.[kind] !== undefined,
            `${name} ← ${kind}`,
          ).toBe(true);
      }
      if (Object.keys(surface.files).length === 0 && !surface.asks) expect(surface.nothing, name).toBeDefined();
      for (const [input, given] of Object.entries(surface.files))
        for (const kind of KINDS_OF[given.class])
          expect(
            attacks.some((a) => a.command === name && a.input === input && a.kind === kind),
            `${name} ${input} ← ${kind}`,
          ).toBe(true);
    }
    // A signal is a process's: it is sent to one.
    expect(attacks.filter((a) => a.kind === 'signal' && !a.process)).toEqual([]);
  },
);

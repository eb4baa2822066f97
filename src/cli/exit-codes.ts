import { EXIT_CODE } from '../verdicts/aggregate';

/** The command's exit codes, one table for every command: 0 pass, 1 fail, 2 configuration error, 3 inconclusive. */
export const EXIT = {
  pass: EXIT_CODE.pass,
  fail: EXIT_CODE.fail,
  configuration: EXIT_CODE.error,
  inconclusive: EXIT_CODE.inconclusive,
} as const;

/** A wrong flag or file: said in one line, exit 2. */
export class UsageError extends Error {}

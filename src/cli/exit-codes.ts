import { statSync } from 'node:fs';
import { EXIT_CODE } from '../verdicts/verdict';
import { reportFolderProblem } from '../config/report-folder';

/** The command's exit codes, one table for every command: 0 pass, 1 fail, 2 configuration error, 3 inconclusive. */
export const EXIT = {
  pass: EXIT_CODE.pass,
  fail: EXIT_CODE.fail,
  configuration: EXIT_CODE.error,
  inconclusive: EXIT_CODE.inconclusive,
} as const;

/** A wrong flag or file: said in one line, exit 2. */
export class UsageError extends Error {}

/**
 * `--out DIR` resolved: a path that names a file, or a folder that holds files of the command's
 * names (`writes`) that the harness did not write, is refused in one line, before anything is asked
 * or written.
 */
export function outputFolder(path: string, writes: readonly string[] = []): string {
  let isFile = false;
  try {
    isFile = !statSync(path).isDirectory();
  } catch {
    // Not there yet: the command makes it.
  }
  if (isFile) throw new UsageError(`--out ${path} is a file: give a folder (it is made when it does not exist)`);
  const foreign = reportFolderProblem(path, writes);
  if (foreign) throw new UsageError(`--out ${foreign}`);
  return path;
}

/** `--npis FILE|-`, as survey and explore take it: checked before anything is asked. */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../config/input-error';
import { UsageError } from './exit-codes';

/** The NPI list `--npis` names, resolved against `cwd` (`-`, standard input, as it is); undefined when not given. */
export function npiListFlag(value: string | undefined, cwd: string): string | undefined {
  if (value?.trim() === '') throw new UsageError('--npis needs a file of NPIs (or - for standard input), got an empty value');
  if (value === undefined || value === '-') return value;
  const file = resolve(cwd, value);
  if (!existsSync(file)) throw new InputError(`--npis ${file} does not exist`);
  const stat = statSync(file);
  if (stat.isDirectory()) throw new InputError(`--npis ${file} is a folder: give the file of NPIs in it`);
  // A device never ends (/dev/zero), a FIFO may never answer: standard input is named -, and a list is a file.
  if (!stat.isFile())
    throw new InputError(`--npis ${file} is not a file (a device, a pipe or a socket): give the list as a file, or - for standard input`);
  return file;
}

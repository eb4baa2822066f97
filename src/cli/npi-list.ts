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
  if (statSync(file).isDirectory()) throw new InputError(`--npis ${file} is a folder: give the file of NPIs in it`);
  return file;
}

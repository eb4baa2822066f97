import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ENV_FILE_VARIABLE } from '../config/environment';
import { UsageError } from './exit-codes';

/** `env` with --env-file FILE as the dotenv file to read (CONFORMANCE_ENV_FILE); a file that does not exist is a usage error. */
export function withEnvFile(env: NodeJS.ProcessEnv, flag: string | undefined, cwd: string): NodeJS.ProcessEnv {
  if (flag === undefined) return env;
  const file = resolve(cwd, flag);
  if (!existsSync(file)) throw new UsageError(`--env-file ${file} does not exist`);
  return { ...env, [ENV_FILE_VARIABLE]: file };
}

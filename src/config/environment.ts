/**
 * Where configuration comes from: flags (set as variables by the command), then the environment,
 * then the dotenv file, then defaults.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { FileRefusal, readBoundedFile } from '../json/json-file';
import { ConfigError } from './config-error';

export type Environment = Record<string, string | undefined>;

/** Names the dotenv file to read instead of `.env` in the working directory (the CLI's --env-file). */
export const ENV_FILE_VARIABLE = 'CONFORMANCE_ENV_FILE';

/**
 * Set by the command's --quiet, for its own process and the ones it starts (Playwright's): only the
 * verdict, findings and errors are printed; no progress, no announcement of target or configuration.
 */
export const QUIET_VARIABLE = 'CONFORMANCE_QUIET';

export const isQuiet = (env: Environment) => env[QUIET_VARIABLE] === 'true';

/** DEBUG set to anything: an error is shown whole (its stack), below its one line. */
export const isDebugging = (env: Environment) => env.DEBUG !== undefined && env.DEBUG !== '';

/** An announcement of what a command does, on standard error: said unless --quiet. */
export function announce(line: string, env: Environment = process.env): void {
  if (!isQuiet(env)) console.error(line);
}

/** The dotenv file a run reads: the one named by ENV_FILE_VARIABLE, or `.env` in the working directory. */
export function dotenvFile(env: Environment, cwd: string): string {
  return resolve(cwd, env[ENV_FILE_VARIABLE]?.trim() || '.env');
}

/** Which dotenv file a command reads, in a line, so that a run from another directory never drops one silently. */
export function dotenvAnnouncement(env: Environment, cwd: string): string {
  const file = dotenvFile(env, cwd);
  return existsSync(file)
    ? `configuration: reading ${file}`
    : `configuration: no dotenv file (${file} does not exist); flags and the environment only`;
}

/** A dotenv file holds a few keys: one past this is no configuration a person wrote. */
const DOTENV_MAX_BYTES = 1024 * 1024;

/** The dotenv file, overridden by real environment variables: flags (set as variables) win over both. */
export function environmentWithDotenv(env: Environment, cwd: string): Environment {
  const file = dotenvFile(env, cwd);
  let fromFile: Record<string, string> = {};
  try {
    if (existsSync(file)) fromFile = parseDotenv(readBoundedFile(file, DOTENV_MAX_BYTES));
  } catch (error) {
    if (error instanceof FileRefusal) throw new ConfigError(ENV_FILE_VARIABLE, `names a file that cannot be read: ${error.message}`);
    throw new ConfigError(
      ENV_FILE_VARIABLE,
      `names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  const merged: Environment = { ...fromFile };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) merged[key] = value;
  return merged;
}

export function flag(env: Environment, key: string): boolean {
  const value = (env[key] ?? '').trim().toLowerCase();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new ConfigError(key, `must be true or false, got "${env[key]}"`);
}

/** REPORT_DIR, readable even when another key is wrong: a configuration error is reported there too. */
export function reportDirOf(env: Environment, cwd: string = process.cwd()): string {
  return resolve(cwd, env.REPORT_DIR?.trim() || 'conformance-report');
}

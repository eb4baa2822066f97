/** The configuration of a conformance run: the connection, and what the suite itself is told. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_FIXTURE_DIR, FIXTURE_FILES } from '../fixture-paths';
import { readBaseline } from './baseline-file';
import { ConfigError } from './config-error';
import { type ConnectionConfig, loadConnection } from './connection';
import { type Environment, flag, reportDirOf } from './environment';

/** What a run expects of its baseline file (BASELINE_FILE, --update-baseline, --fail-on-drift). */
export interface BaselineSettings {
  file: string;
  /** Write the file from this run instead of judging against it. */
  update: boolean;
  /** Drift of an observation fails the run, instead of warning. */
  failOnDrift: boolean;
}

export interface RunConfig extends ConnectionConfig {
  probesFile: string;
  /** STATUS_SEARCH when given: whether the tenant searches by status (§4.3); otherwise the probes file says. */
  statusSearch?: boolean;
  strict: boolean;
  reportDir: string;
  /** Pages a walk of the multiPage query takes at most (MAX_PAGES); a walk that stops there says so. */
  maxPages: number;
  baseline?: BaselineSettings;
}

/** MAX_PAGES when unset: enough to see full pages and a last one, bounded for large directories. */
export const DEFAULT_MAX_PAGES = 20;

function baselineSettings(env: Environment, cwd: string): BaselineSettings | undefined {
  const file = env.BASELINE_FILE?.trim();
  const update = flag(env, 'UPDATE_BASELINE');
  const failOnDrift = flag(env, 'FAIL_ON_DRIFT');
  if (!file) {
    if (update || failOnDrift) throw new ConfigError(update ? 'UPDATE_BASELINE' : 'FAIL_ON_DRIFT', 'needs BASELINE_FILE (--baseline FILE)');
    return undefined;
  }
  const settings = { file: resolve(cwd, file), update, failOnDrift };
  // Read now, so that a broken baseline stops the run before any test (exit 2); a missing one is written by --update-baseline.
  if (!update || existsSync(settings.file)) readBaseline(settings.file);
  return settings;
}

function maxPagesOf(env: Environment): number {
  const raw = env.MAX_PAGES?.trim() || String(DEFAULT_MAX_PAGES);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 2 || value > 100_000)
    throw new ConfigError('MAX_PAGES', `must be a whole number of pages from 2 to 100000, got "${raw}"`);
  return value;
}

/** PROBES_FILE, or the committed probes of the embedded reference server. */
export function probesFileOf(env: Environment, cwd: string = process.cwd()): string {
  return resolve(cwd, env.PROBES_FILE?.trim() || resolve(DEFAULT_FIXTURE_DIR, FIXTURE_FILES.probes));
}

/** STATUS_SEARCH when given: whether the tenant searches by status (§4.3), which wins over the probes file's word. */
export function statusSearchSetting(env: Environment): Pick<RunConfig, 'statusSearch'> {
  return env.STATUS_SEARCH?.trim() ? { statusSearch: flag(env, 'STATUS_SEARCH') } : {};
}

/** Reads and checks every key; throws one ConfigError naming the first bad key. The probes file is read by the probes stage. */
export function loadRunConfig(env: Environment, cwd: string = process.cwd()): RunConfig {
  const connection = loadConnection(env, cwd);
  const baseline = baselineSettings(env, cwd);
  return {
    ...connection,
    probesFile: probesFileOf(env, cwd),
    ...statusSearchSetting(env),
    strict: flag(env, 'STRICT'),
    reportDir: reportDirOf(env, cwd),
    maxPages: maxPagesOf(env),
    ...(baseline ? { baseline } : {}),
  };
}

/**
 * Several targets in one run: CONFORMANCE_TARGETS holds a JSON list of `{ name, env }`, each `env`
 * laid over the run's own configuration (BASE_URL, PROVIDER_PATH, API_TOKEN, ...). Every test then
 * runs once per target, in the same workers, and the reporter writes one report per target, under
 * REPORT_DIR/<name>/. The mutation run uses it to judge a hundred scenarios without starting a
 * hundred runners; a normal run leaves it unset and has one target, the configuration itself.
 */
import { join } from 'node:path';
import { type Environment, reportDirOf } from './environment';
import { ConfigError } from './config-error';

export const TARGETS_VARIABLE = 'CONFORMANCE_TARGETS';

export interface SuiteTarget {
  /** A folder name under REPORT_DIR, and the tag of its tests. */
  name: string;
  /** Configuration keys laid over the run's. */
  env: Record<string, string>;
}

/** The targets of a run: none when CONFORMANCE_TARGETS is unset. */
export function suiteTargets(env: Environment): SuiteTarget[] {
  const raw = env[TARGETS_VARIABLE]?.trim();
  if (!raw) return [];
  let targets: unknown;
  try {
    targets = JSON.parse(raw);
  } catch {
    throw new ConfigError(TARGETS_VARIABLE, 'is not valid JSON: expected [{"name": "...", "env": {...}}]');
  }
  const valid =
    Array.isArray(targets) &&
    targets.every(
      (t) =>
        typeof t?.name === 'string' &&
        /^[a-z0-9][a-z0-9-]*$/.test(t.name) &&
        typeof t.env === 'object' &&
        t.env !== null &&
        Object.values(t.env).every((v) => typeof v === 'string'),
    );
  if (!valid) throw new ConfigError(TARGETS_VARIABLE, 'must be a list of {"name": lower-case-name, "env": {KEY: "value"}}');
  return targets as SuiteTarget[];
}

/** The targets a run judges: those of CONFORMANCE_TARGETS, or one, `undefined`, for the run's own configuration. */
export function runTargets(env: Environment): (SuiteTarget | undefined)[] {
  const targets = suiteTargets(env);
  return targets.length > 0 ? targets : [undefined];
}

/** A target's configuration environment: its keys over the run's, and its own report folder, REPORT_DIR/<name>. */
export function targetEnvironment(env: Environment, target: SuiteTarget | undefined): Environment {
  return target ? { ...env, ...target.env, REPORT_DIR: join(reportDirOf(env), target.name) } : env;
}

const TAG_PREFIX = '@target-';

/** How a target is tagged in its tests' describe titles, so that the reporter can group them. */
export const targetTag = (name: string) => `${TAG_PREFIX}${name}`;

/** The target a test ran for, from the titles of its describe blocks; undefined in a single-target run. */
export function targetOfTitles(titles: readonly string[]): string | undefined {
  for (const title of titles) {
    const tag = title.split(' ').pop()!;
    if (tag.startsWith(TAG_PREFIX)) return tag.slice(TAG_PREFIX.length);
  }
  return undefined;
}

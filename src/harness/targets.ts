/**
 * Several targets in one run: CONFORMANCE_TARGETS holds a JSON list of `{ name, env }`, each `env`
 * laid over the run's own configuration (BASE_URL, PROVIDER_PATH, API_TOKEN, ...). Every test then
 * runs once per target, in the same workers, and the reporter writes one report per target, under
 * REPORT_DIR/<name>/. The mutation run uses it to judge a hundred scenarios without starting a
 * hundred runners; a normal run leaves it unset and has one target, the configuration itself.
 */
import { ConfigError } from './config-error';
import type { Environment } from './config';

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

/** A target's configuration environment: its keys over the run's. */
export function targetEnvironment(env: Environment, target: SuiteTarget | undefined): Environment {
  return target ? { ...env, ...target.env } : env;
}

/** How a target is tagged in its tests' describe titles, so that the reporter can group them. */
export const targetTag = (name: string) => `@target-${name}`;

/** The target a test ran for, from the titles of its describe blocks; undefined in a single-target run. */
export function targetOfTitles(titles: readonly string[]): string | undefined {
  for (const title of titles) {
    const found = / @target-([a-z0-9-]+)$/.exec(title);
    if (found) return found[1];
  }
  return undefined;
}

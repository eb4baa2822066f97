/** What the suite runs with: the run's configuration, its probes, and what they decide together. */
import { loadRunConfig, type RunConfig } from '../config/run-config';
import type { Environment } from '../config/environment';
import { loadProbes, statusSearchOf } from '../probes/probes-file';
import type { Probes } from '../types/schemas';

export interface SuiteConfig extends RunConfig {
  probes: Probes;
  /** ORG-ACTIVE runs: STATUS_SEARCH, or the probes file's organization.statusSearch. */
  statusSearch: boolean;
}

/** Every key and the probes file, read and checked; throws one ConfigError naming the first problem. */
export function loadSuiteConfig(env: Environment, cwd: string = process.cwd()): SuiteConfig {
  const config = loadRunConfig(env, cwd);
  const probes = loadProbes(config.probesFile);
  return { ...config, probes, statusSearch: statusSearchOf(config, probes) };
}

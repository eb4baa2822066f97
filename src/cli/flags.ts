import type { ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The flags that configure a run, shared by the commands that judge one (run, merge). */
const CONFIGURATION = {
  'base-url': { type: 'string' },
  probes: { type: 'string' },
  'env-file': { type: 'string' },
  report: { type: 'string' },
  strict: { type: 'boolean' },
  baseline: { type: 'string' },
  'fail-on-drift': { type: 'boolean' },
} as const satisfies Options;

/**
 * Every command's flags, by command (`probes check` and `probes draft` as two, `survey` and `survey merge` too): an interface that
 * CI jobs depend on. --help and --version come with every command.
 */
export const COMMAND_FLAGS = {
  run: {
    ...CONFIGURATION,
    grep: { type: 'string' },
    workers: { type: 'string' },
    shard: { type: 'string' },
    'update-baseline': { type: 'boolean' },
  },
  list: { json: { type: 'boolean' } },
  'probes check': { 'base-url': CONFIGURATION['base-url'], 'env-file': CONFIGURATION['env-file'], probes: CONFIGURATION.probes },
  'probes draft': {
    'base-url': CONFIGURATION['base-url'],
    'env-file': CONFIGURATION['env-file'],
    npi: { type: 'string', multiple: true },
    out: { type: 'string' },
  },
  compare: { json: { type: 'boolean' } },
  matrix: { out: { type: 'string' } },
  merge: CONFIGURATION,
  serve: { port: { type: 'string' }, host: { type: 'string' }, size: { type: 'string' }, 'write-npis': { type: 'string' } },
  survey: {
    'base-url': CONFIGURATION['base-url'],
    'env-file': CONFIGURATION['env-file'],
    npis: { type: 'string' },
    organizations: { type: 'string', multiple: true },
    'organizations-by-state': { type: 'boolean' },
    out: { type: 'string' },
    resume: { type: 'boolean' },
    shard: { type: 'string' },
    'max-rps': { type: 'string' },
    concurrency: { type: 'string' },
    examples: { type: 'string' },
    'max-failure-rows': { type: 'string' },
  },
  'survey merge': { out: { type: 'string' } },
} as const satisfies Record<string, Options>;

export type CommandName = keyof typeof COMMAND_FLAGS;

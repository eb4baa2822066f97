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
/** Where run and survey keep their results over time, and the name of this one (src/history/). */
const HISTORY = { history: { type: 'string' }, label: { type: 'string' } } as const satisfies Options;
const HISTORY_READ = {
  history: HISTORY.history,
  'env-file': CONFIGURATION['env-file'],
  target: { type: 'string' },
} as const satisfies Options;

export const COMMAND_FLAGS = {
  run: {
    ...CONFIGURATION,
    grep: { type: 'string' },
    workers: { type: 'string' },
    shard: { type: 'string' },
    'update-baseline': { type: 'boolean' },
    har: { type: 'string' },
    ...HISTORY,
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
  merge: { ...CONFIGURATION, ...HISTORY },
  serve: { port: { type: 'string' }, host: { type: 'string' }, size: { type: 'string' }, 'write-npis': { type: 'string' } },
  survey: {
    'base-url': CONFIGURATION['base-url'],
    'env-file': CONFIGURATION['env-file'],
    npis: { type: 'string' },
    delimiter: { type: 'string' },
    organizations: { type: 'string', multiple: true },
    'organizations-by-state': { type: 'boolean' },
    out: { type: 'string' },
    resume: { type: 'boolean' },
    shard: { type: 'string' },
    'max-rps': { type: 'string' },
    concurrency: { type: 'string' },
    examples: { type: 'string' },
    'max-failure-rows': { type: 'string' },
    ...HISTORY,
  },
  'survey merge': { out: { type: 'string' }, ...HISTORY },
  'history record': { history: HISTORY.history, 'env-file': CONFIGURATION['env-file'], label: HISTORY.label },
  'history check': {
    ...HISTORY_READ,
    against: { type: 'string' },
    'max-rate-rise': { type: 'string' },
    'min-records': { type: 'string' },
    'max-latency-rise': { type: 'string' },
    window: { type: 'string' },
  },
  'history diff': { ...HISTORY_READ, json: { type: 'boolean' } },
  'history page': { history: HISTORY.history, 'env-file': CONFIGURATION['env-file'], out: { type: 'string' } },
  'history export': { ...HISTORY_READ, format: { type: 'string' } },
  'history prune': {
    history: HISTORY.history,
    'env-file': CONFIGURATION['env-file'],
    keep: { type: 'string' },
    'older-than': { type: 'string' },
  },
} as const satisfies Record<string, Options>;

export type CommandName = keyof typeof COMMAND_FLAGS;

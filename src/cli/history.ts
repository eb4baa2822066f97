/**
 * `directory-conformance history ...`: every run and survey kept in a database (src/history/), the
 * regression gate over them, two of them side by side, a page, the latest state as OpenMetrics, and
 * pruning. Recording, which `run`, `merge`, `survey` and `survey merge` do with --history too, is
 * history-record.ts.
 * Each subcommand loads its own modules when it runs: the gate, which a pipeline runs every night,
 * does not load the page's renderers, the diff's comparison or the exporter's metrics library.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- each subcommand's modules, loaded when it runs */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { environmentWithDotenv } from '../config/environment';
import { InputError } from '../config/input-error';
import type { CHECK_DEFAULTS, CheckSettings } from '../history/check';
import { historyLocation } from '../history/location';
import { withEnvFile } from './env-file';
import { line, withStore } from './history-store';
import type { HistoryOptions } from './kept-history';
import { EXIT, outputFolder, UsageError } from './exit-codes';

function number(flag: string, raw: string | undefined, fallback: number, { min = 0, whole = false } = {}): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  // Decimal figures only: Number() would also read 0x10, 1e3 and 0b11.
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || value < min || (whole && !Number.isSafeInteger(value)))
    throw new UsageError(`--${flag} must be ${whole ? 'a whole number' : 'a number'} of at least ${min}, got "${raw}"`);
  return value;
}

export interface HistoryCommandOptions extends HistoryOptions {
  target?: string;
  against?: string;
  'max-rate-rise'?: string;
  'min-records'?: string;
  'max-latency-rise'?: string;
  window?: string;
  json?: boolean;
  out?: string;
  format?: string;
  keep?: string;
  'older-than'?: string;
}

function checkSettings(options: HistoryCommandOptions, defaults: typeof CHECK_DEFAULTS): CheckSettings {
  const against = options.against ?? 'last';
  if (against !== 'last' && against !== 'last-pass' && !/^#?\d+$/.test(against))
    throw new UsageError(`--against must be last, last-pass or a run's number, got "${against}"`);
  const rise = options['max-latency-rise'];
  return {
    target: options.target,
    against: against === 'last' || against === 'last-pass' ? against : Number(against.replace('#', '')),
    maxRateRise: number('max-rate-rise', options['max-rate-rise'], defaults.maxRateRise),
    minRecords: number('min-records', options['min-records'], defaults.minRecords, { whole: true }),
    // 25% or 0.25: a share either way.
    maxLatencyRise: rise?.endsWith('%')
      ? number('max-latency-rise', rise.slice(0, -1), 25) / 100
      : number('max-latency-rise', rise, defaults.maxLatencyRise),
    window: number('window', options.window, defaults.window, { min: 1, whole: true }),
  };
}

async function check(location: string, options: HistoryCommandOptions): Promise<number> {
  const { CHECK_DEFAULTS: defaults, checkHistory } = require('../history/check') as typeof import('../history/check');
  const settings = checkSettings(options, defaults);
  const { runName } = require('../history/queries') as typeof import('../history/queries');
  const outcome = await withStore(location, (store) => checkHistory(store.db, settings), 'read');
  for (const { latest, why } of outcome.alone)
    console.log(line(`history check: ${latest.target}: ${latest.kind} ${runName(latest)} has nothing to compare with (${why})`));
  if (outcome.compared.length === 0) {
    if (outcome.alone.length === 0)
      console.log(`history check: nothing to compare yet: the history holds no run${settings.target ? ` of ${settings.target}` : ''}`);
    return EXIT.inconclusive;
  }
  for (const regression of outcome.regressions) console.log(line(`regression: ${regression.line}`));
  for (const warning of outcome.warnings) console.log(line(`warning: ${warning.line}`));
  // A latest run that judged nothing, or not all, shows no regression because it shows nothing: as compare, exit 3.
  const unjudgedRuns = outcome.compared.filter(({ latest }) => latest.verdict === 'error' || latest.verdict === 'inconclusive');
  if (outcome.regressions.length === 0 && unjudgedRuns.length > 0) {
    for (const { latest } of unjudgedRuns)
      console.log(
        line(
          `history check: ${latest.target}: ${latest.kind} ${runName(latest)} is ${latest.verdict}: it did not judge everything, so it cannot pass the gate`,
        ),
      );
    return EXIT.inconclusive;
  }
  const compared = outcome.compared
    .map(({ latest, against }) => `${latest.target} ${latest.kind} #${latest.id} against #${against.id}`)
    .join('; ');
  console.log(
    line(
      `history check: ${outcome.regressions.length === 0 ? 'PASS: no regression' : `FAIL: ${outcome.regressions.length} regression${outcome.regressions.length > 1 ? 's' : ''}`} (${compared})`,
    ),
  );
  return outcome.regressions.length === 0 ? EXIT.pass : EXIT.fail;
}

/** `history SUBCOMMAND`. */
export async function historyCommand(action: string, positionals: readonly string[], options: HistoryCommandOptions): Promise<number> {
  const cwd = process.cwd();
  const env = withEnvFile(process.env, options['env-file'], cwd);
  const location = historyLocation(options.history, environmentWithDotenv(env, cwd), cwd);
  const none = (what: string) => {
    if (positionals.length > 0) throw new UsageError(`history ${what} takes no arguments, got "${positionals.join(' ')}"`);
  };
  switch (action) {
    case 'record': {
      if (positionals.length === 0)
        throw new UsageError('history record takes report folders: directory-conformance history record REPORT_DIR... --history DIR|URL');
      const { record } = require('./history-record') as typeof import('./history-record');
      await record(
        location,
        positionals.map((p) => resolve(cwd, p)),
        options.label,
      );
      return EXIT.pass;
    }
    case 'check':
      none('check');
      return check(location, options);
    case 'diff': {
      const { diffHistory, renderHistoryDiff } = require('../history/diff') as typeof import('../history/diff');
      const diff = await withStore(location, (store) => diffHistory(store.db, options.target, positionals), 'read');
      process.stdout.write(options.json ? `${JSON.stringify(diff, null, 2)}\n` : renderHistoryDiff(diff));
      return EXIT.pass;
    }
    case 'page': {
      none('page');
      if (options.out === undefined) throw new UsageError('history page needs --out DIR: where index.html goes');
      const out = outputFolder(resolve(cwd, options.out), ['index.html']);
      const { historyPage } = require('../history/page') as typeof import('../history/page');
      const { ChartThread } = require('../history/chart-thread') as typeof import('../history/chart-thread');
      // Started before the store: Vega loads on the thread while PGlite starts on this one.
      const charts = new ChartThread();
      let html: string;
      try {
        html = await withStore(location, (store) => historyPage(store.db, store.where, charts.draw), 'read');
      } finally {
        await charts.close();
      }
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'index.html'), html);
      console.error(`history page: ${join(out, 'index.html')} (${Math.round(Buffer.byteLength(html) / 1024)} KiB)`);
      return EXIT.pass;
    }
    case 'export': {
      none('export');
      if (options.format !== 'openmetrics')
        throw new UsageError(
          `history export takes --format openmetrics, got ${options.format === undefined ? 'none' : `"${options.format}"`}`,
        );
      const { exportOpenMetrics } = require('../history/openmetrics') as typeof import('../history/openmetrics');
      process.stdout.write(await withStore(location, (store) => exportOpenMetrics(store.db, options.target), 'read'));
      return EXIT.pass;
    }
    case 'prune': {
      none('prune');
      if (options.keep === undefined && options['older-than'] === undefined)
        throw new UsageError('history prune needs --keep N or --older-than DAYS');
      const rule = {
        keep: options.keep === undefined ? undefined : number('keep', options.keep, 0, { whole: true }),
        olderThanDays: options['older-than'] === undefined ? undefined : number('older-than', options['older-than'], 0),
      };
      const { pruneHistory } = require('../history/prune') as typeof import('../history/prune');
      const removed = await withStore(location, (store) => pruneHistory(store.db, rule), 'change');
      console.error(`history prune: ${removed} run${removed === 1 ? '' : 's'} removed`);
      return EXIT.pass;
    }
    default:
      throw new InputError(`history takes record, check, diff, page, export or prune, got "${action ?? ''}"`);
  }
}

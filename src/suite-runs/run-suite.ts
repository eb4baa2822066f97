import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { devNull } from 'node:os';
import { join } from 'node:path';
import { EMBEDDED_SERVED_VARIABLE, EMBEDDED_URL_VARIABLE } from '../config/connection';
import { ENV_FILE_VARIABLE } from '../config/environment';
import { type ConformanceReport, REPORT_FILES } from '../report/model';
import { SCHEMA, sharedSchemaValidator } from '../schema-validation/validator';
import { watchProcessTree } from './process-tree';
import { PACKAGE_ROOT } from '../package-root';
import { WITHOUT_TYPESCRIPT_LOADER } from '../harness/typescript-loader';
import type { CompiledPackage } from './compiled-package';

/** Every configuration key of the suite, and the harness's own variables. */
const SUITE_KEYS = [
  'BASE_URL',
  'API_TOKEN',
  'API_HEADERS',
  'PROBES_FILE',
  'PROVIDER_PATH',
  'FHIR_PATH',
  'STATUS_SEARCH',
  'STRICT',
  'REPORT_DIR',
  'REQUEST_TIMEOUT_MS',
  'MAX_RPS',
  'MAX_PAGES',
  'BASELINE_FILE',
  'UPDATE_BASELINE',
  'FAIL_ON_DRIFT',
  'CLIENT_CERT',
  'CLIENT_KEY',
  'CLIENT_KEY_PASSPHRASE',
  ENV_FILE_VARIABLE,
  EMBEDDED_URL_VARIABLE,
  EMBEDDED_SERVED_VARIABLE,
];

/** What Playwright sets in its workers' environment, by which the suite's configuration tells a worker from the runner. */
const PLAYWRIGHT_WORKER_KEYS = ['TEST_WORKER_INDEX', 'TEST_PARALLEL_INDEX'];

/**
 * The environment of a run that a developer's shell or .env cannot change: every suite key removed
 * (a key given empty is not the same as no key: an empty BASE_URL is an error), and the dotenv file
 * an empty one. A test of the dotenv file names its own (--env-file) or drops ENV_FILE_VARIABLE.
 */
export function neutralSuiteEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const neutral: NodeJS.ProcessEnv = { ...env, CI: '' };
  for (const key of SUITE_KEYS) delete neutral[key];
  // Started from a Playwright worker (a self-test), the run would take itself for a worker too.
  for (const key of PLAYWRIGHT_WORKER_KEYS) delete neutral[key];
  neutral[ENV_FILE_VARIABLE] = devNull;
  return neutral;
}

export interface SuiteRun {
  exitCode: number;
  seconds: number;
  stdout: string;
  stderr: string;
  /** conformance.json, when the run wrote one. */
  report?: ConformanceReport;
  /** Where conformance.json breaks its published schema, when it does: a bug of the harness. */
  reportShapeError?: string;
  markdown?: string;
  /** With `measureMemory`: the peak resident memory of the run's processes together, in bytes (Linux only). */
  peakRssBytes?: number;
  /** With `measureMemory`: the CPU seconds of the run's processes (Linux only). */
  cpuSeconds?: number;
}

export interface SuiteRunOptions {
  /** The package the suite runs from, compiled (compiled-package.ts). */
  compiled: CompiledPackage;
  env: Record<string, string>;
  reportDir: string;
  /** Playwright's reporters as configured (list, conformance, HTML, JUnit); otherwise the conformance reporter alone. */
  allReporters?: boolean;
  workers?: number;
  /** Sample the run's processes from /proc (every 100 ms) for `peakRssBytes` and `cpuSeconds`; off, it costs the run nothing. */
  measureMemory?: boolean;
}

/** `playwright test` of the conformance suite in its own process, with its real exit status. */
export async function runSuite({
  compiled,
  env,
  reportDir,
  allReporters = false,
  workers = 1,
  measureMemory = false,
}: SuiteRunOptions): Promise<SuiteRun> {
  const args = [
    join(PACKAGE_ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
    'test',
    '--config',
    compiled.config,
    `--workers=${workers}`,
  ];
  if (!allReporters) args.push(`--reporter=${compiled.reporter}`);
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: PACKAGE_ROOT,
    env: { ...neutralSuiteEnvironment(process.env), ...env, ...WITHOUT_TYPESCRIPT_LOADER, REPORT_DIR: reportDir },
  });
  const watched = measureMemory ? watchProcessTree(child.pid!) : undefined;
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exitCode = await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  const used = watched?.stop();
  return { exitCode, seconds: (Date.now() - started) / 1000, stdout, stderr, ...readReportFiles(reportDir), ...used };
}

/** conformance.json and conformance.md of a report folder, each when the run wrote it; the JSON checked against its schema. */
export function readReportFiles(reportDir: string): Pick<SuiteRun, 'report' | 'markdown' | 'reportShapeError'> {
  const read = (file: string) => {
    try {
      return readFileSync(join(reportDir, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const json = read(REPORT_FILES.json);
  const markdown = read(REPORT_FILES.markdown);
  if (!json) return { markdown };
  const report = JSON.parse(json) as ConformanceReport;
  const reportShapeError = reportShapeErrorOf(report);
  return { report, markdown, ...(reportShapeError ? { reportShapeError } : {}) };
}

/** Where a report breaks schemas/report/conformance-report.schema.json, or nothing: a bug of the harness when it does. */
export function reportShapeErrorOf(report: ConformanceReport): string | undefined {
  const shape = sharedSchemaValidator().validate(SCHEMA.conformanceReport, report);
  return shape.valid ? undefined : `at ${shape.violations[0].location || '/'}: ${shape.violations[0].message}`;
}

/** Runs `task` over `items`, `parallel` at a time, keeping the input order in the results. */
export async function pooled<T, R>(items: readonly T[], parallel: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, parallel) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i]);
    }),
  );
  return results;
}

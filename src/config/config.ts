import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { DEFAULT_FIXTURE_DIR, FIXTURE_FILES } from '../fixture-paths';
import { readJsonFile } from '../json/json-file';
import { sharedSchemaValidator, SCHEMA } from '../schema-validation/validator';
import type { Probes } from '../types/schemas';
import { readBaseline } from './baseline-file';
import { ConfigError } from './config-error';
import { ACCEPTED_ENCODING, type HttpClientOptions, type Throttle } from '../client/http-client';
import { unknownProbeParameter } from '../probes/probe-parameters';
import type { Redactor } from '../client/redact';

/** Where the embedded reference server listens, chosen once in the main process (see playwright.config.ts). */
export const EMBEDDED_URL_VARIABLE = 'CONFORMANCE_EMBEDDED_URL';

/** A client certificate for mutual TLS: the PEM contents of CLIENT_CERT and CLIENT_KEY. */
export interface ClientCertificate {
  cert: Buffer;
  key: Buffer;
  /** CLIENT_KEY_PASSPHRASE: a secret, never written anywhere. */
  passphrase?: string;
}

/** How to reach the target: everything a request needs, and nothing about the suite. */
export interface ConnectionConfig {
  /** The target's base URL, without a trailing slash. */
  baseUrl: string;
  /** True when no BASE_URL is given at all and the suite runs against the embedded reference server. */
  embedded: boolean;
  /** Sent as `Authorization: Bearer <token>`; a secret, never written anywhere. */
  apiToken?: string;
  /** Extra headers; their values are secrets too. */
  apiHeaders: Record<string, string>;
  providerPath: string;
  fhirPath: string;
  requestTimeoutMs: number;
  /** Requests per second across all workers; 0 means no limit. */
  maxRps: number;
  /** Presented to a target that asks for one (CLIENT_CERT, CLIENT_KEY). */
  clientCertificate?: ClientCertificate;
}

/** What a run expects of its baseline file (BASELINE_FILE, --update-baseline, --fail-on-drift). */
export interface BaselineSettings {
  file: string;
  /** Write the file from this run instead of judging against it. */
  update: boolean;
  /** Drift of an observation fails the run, instead of warning. */
  failOnDrift: boolean;
}

export interface HarnessConfig extends ConnectionConfig {
  probesFile: string;
  probes: Probes;
  statusSearch: boolean;
  strict: boolean;
  reportDir: string;
  /** Pages a walk of the multiPage query takes at most (MAX_PAGES); a walk that stops there says so. */
  maxPages: number;
  baseline?: BaselineSettings;
}

/** MAX_PAGES when unset: enough to see full pages and a last one, bounded for large directories. */
export const DEFAULT_MAX_PAGES = 20;

/** MAX_RPS when unset: no limit for the embedded server, a polite pace for anyone else's. */
export const DEFAULT_REMOTE_MAX_RPS = 10;

export type Environment = Record<string, string | undefined>;

/** Names the dotenv file to read instead of `.env` in the working directory (the CLI's --env-file). */
export const ENV_FILE_VARIABLE = 'CONFORMANCE_ENV_FILE';

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

/** The dotenv file, overridden by real environment variables: flags (set as variables) win over both. */
export function environmentWithDotenv(env: Environment, cwd: string): Environment {
  const file = dotenvFile(env, cwd);
  let fromFile: Record<string, string> = {};
  try {
    if (existsSync(file)) fromFile = parseDotenv(readFileSync(file));
  } catch (error) {
    throw new ConfigError(
      ENV_FILE_VARIABLE,
      `names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  const merged: Environment = { ...fromFile };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) merged[key] = value;
  return merged;
}

function flag(env: Environment, key: string): boolean {
  const value = (env[key] ?? '').trim().toLowerCase();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new ConfigError(key, `must be true or false, got "${env[key]}"`);
}

function path(env: Environment, key: string, fallback: string): string {
  const value = env[key]?.trim() || fallback;
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(value) || value.endsWith('/')) {
    throw new ConfigError(key, `must be a path that starts with / and does not end with one, like ${fallback}; got "${value}"`);
  }
  return value;
}

function baseUrlOf(key: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(key, `is not a valid URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(key, `must be an http or https URL, got "${url.protocol}"`);
  if (url.username || url.password) throw new ConfigError(key, 'must not carry credentials; use API_TOKEN or API_HEADERS');
  if (url.search || url.hash) throw new ConfigError(key, 'must not have a query or fragment');
  return url.href.replace(/\/$/, '');
}

function headers(env: Environment): Record<string, string> {
  const raw = env.API_HEADERS?.trim();
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // The value may hold secrets: the message never repeats it.
    throw new ConfigError('API_HEADERS', 'is not valid JSON; expected an object such as {"X-Tenant": "acme"}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ConfigError('API_HEADERS', 'must be a JSON object of header names to string values');
  for (const [name, value] of Object.entries(parsed)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new ConfigError('API_HEADERS', `has an invalid header name "${name}"`);
    if (typeof value !== 'string') throw new ConfigError('API_HEADERS', `value of "${name}" must be a string`);
    if (/[\r\n]/.test(value)) throw new ConfigError('API_HEADERS', `value of "${name}" must not contain line breaks`);
  }
  return parsed as Record<string, string>;
}

/** A probes file, read and checked against schemas/probes.schema.json and the parameter names of §4.1 and §4.3. */
export function loadProbes(file: string): Probes {
  let probes: unknown;
  try {
    probes = readJsonFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code) throw new ConfigError('PROBES_FILE', `cannot be read: ${file} (${code})`);
    throw new ConfigError('PROBES_FILE', `is not valid JSON: ${file} (${(error as Error).message})`);
  }
  const result = sharedSchemaValidator().validate(SCHEMA.probes, probes);
  if (!result.valid) {
    const [first] = result.violations;
    throw new ConfigError(
      'PROBES_FILE',
      `does not match schemas/probes.schema.json: ${file} at ${first.instancePath || '/'}: ${first.message}`,
    );
  }
  const unknown = unknownProbeParameter(probes as Probes);
  if (unknown) throw new ConfigError('PROBES_FILE', `${file}: ${unknown}`);
  return probes as Probes;
}

/** REPORT_DIR, readable even when another key is wrong: a configuration error is reported there too. */
export function reportDirOf(env: Environment, cwd: string = process.cwd()): string {
  return resolve(cwd, env.REPORT_DIR?.trim() || 'conformance-report');
}

function pemFile(env: Environment, key: string, cwd: string): Buffer {
  const file = resolve(cwd, env[key]!.trim());
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch (error) {
    throw new ConfigError(key, `cannot be read: ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  // The file's content is a credential: the message names the file, never what is in it.
  if (!content.includes('-----BEGIN ')) throw new ConfigError(key, `is not a PEM file: ${file}`);
  return content;
}

/** CLIENT_CERT and CLIENT_KEY name PEM files, both or neither; CLIENT_KEY_PASSPHRASE unlocks the key. */
function clientCertificate(env: Environment, cwd: string): ClientCertificate | undefined {
  const cert = env.CLIENT_CERT?.trim();
  const key = env.CLIENT_KEY?.trim();
  const passphrase = env.CLIENT_KEY_PASSPHRASE || undefined;
  if (!cert && !key) {
    if (passphrase) throw new ConfigError('CLIENT_KEY_PASSPHRASE', 'is set, but CLIENT_KEY is not');
    return undefined;
  }
  if (!cert || !key) throw new ConfigError(cert ? 'CLIENT_KEY' : 'CLIENT_CERT', `must be set with ${cert ? 'CLIENT_CERT' : 'CLIENT_KEY'}`);
  return { cert: pemFile(env, 'CLIENT_CERT', cwd), key: pemFile(env, 'CLIENT_KEY', cwd), ...(passphrase ? { passphrase } : {}) };
}

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

/**
 * Whether the run targets the embedded reference server: only when no target is given at all. A
 * target given empty (`--base-url "$STAGING_URL"` with the variable unset, `BASE_URL=` in a file) is
 * a configuration error, never a quiet run against our own server.
 */
export function targetsEmbedded(env: Environment): boolean {
  const raw = env.BASE_URL;
  if (raw !== undefined && raw.trim() === '')
    throw new ConfigError(
      'BASE_URL',
      'is given but empty (--base-url "" or BASE_URL= with no value): give the service\'s URL, or leave BASE_URL out entirely to test the embedded reference server',
    );
  return raw === undefined;
}

/** The target in words, for the first line a command prints and for every report. */
export function targetLine(baseUrl: string, embedded: boolean): string {
  return embedded ? `${baseUrl} (the embedded reference server: no BASE_URL or --base-url was given)` : baseUrl;
}

/** How to reach the target; throws one ConfigError naming the first bad key. */
export function loadConnection(env: Environment, cwd: string = process.cwd()): ConnectionConfig {
  const embedded = targetsEmbedded(env);
  const rawBase = env.BASE_URL?.trim();
  const embeddedUrl = env[EMBEDDED_URL_VARIABLE];
  if (embedded && !embeddedUrl)
    throw new ConfigError('BASE_URL', 'is unset and the embedded reference server has no address (run through playwright.config.ts)');
  const baseUrl = baseUrlOf(embedded ? EMBEDDED_URL_VARIABLE : 'BASE_URL', embedded ? embeddedUrl! : rawBase!);
  const timeoutRaw = env.REQUEST_TIMEOUT_MS?.trim() || '15000';
  const requestTimeoutMs = Number(timeoutRaw);
  if (!/^[0-9]+$/.test(timeoutRaw) || requestTimeoutMs < 1 || requestTimeoutMs > 600_000) {
    throw new ConfigError('REQUEST_TIMEOUT_MS', `must be a whole number of milliseconds from 1 to 600000, got "${timeoutRaw}"`);
  }
  const rpsRaw = env.MAX_RPS?.trim() || String(embedded ? 0 : DEFAULT_REMOTE_MAX_RPS);
  const maxRps = Number(rpsRaw);
  if (!/^\d+(\.\d+)?$/.test(rpsRaw) || maxRps > 10_000)
    throw new ConfigError('MAX_RPS', `must be a number of requests per second from 0 (no limit) to 10000, got "${rpsRaw}"`);
  const token = env.API_TOKEN?.trim();
  if (token && /[\r\n]/.test(token)) throw new ConfigError('API_TOKEN', 'must not contain line breaks');
  const certificate = clientCertificate(env, cwd);
  return {
    baseUrl,
    embedded,
    apiToken: token || undefined,
    apiHeaders: headers(env),
    providerPath: path(env, 'PROVIDER_PATH', '/provider'),
    fhirPath: path(env, 'FHIR_PATH', '/fhir'),
    requestTimeoutMs,
    maxRps,
    ...(certificate ? { clientCertificate: certificate } : {}),
  };
}

/** PROBES_FILE, or the committed probes of the embedded reference server. */
export function probesFileOf(env: Environment, cwd: string = process.cwd()): string {
  return resolve(cwd, env.PROBES_FILE?.trim() || resolve(DEFAULT_FIXTURE_DIR, FIXTURE_FILES.probes));
}

/** Reads and checks every key; throws one ConfigError naming the first bad key. */
export function loadConfig(env: Environment, cwd: string = process.cwd()): HarnessConfig {
  const connection = loadConnection(env, cwd);
  const probesFile = probesFileOf(env, cwd);
  const baseline = baselineSettings(env, cwd);
  const probes = loadProbes(probesFile);
  return {
    ...connection,
    probesFile,
    probes,
    // STATUS_SEARCH when given; otherwise what the probes file says the service showed (probes draft).
    statusSearch: env.STATUS_SEARCH?.trim() ? flag(env, 'STATUS_SEARCH') : probes.organization?.statusSearch === true,
    strict: flag(env, 'STRICT'),
    reportDir: reportDirOf(env, cwd),
    maxPages: maxPagesOf(env),
    ...(baseline ? { baseline } : {}),
  };
}

/** The secrets of a configuration: values that must never reach any output. */
export function secretsOf(config: Pick<ConnectionConfig, 'apiToken' | 'apiHeaders' | 'clientCertificate'>): string[] {
  return [config.apiToken, ...Object.values(config.apiHeaders), config.clientCertificate?.passphrase].filter(
    (value): value is string => !!value && value.length > 0,
  );
}

/** Headers every request carries: the credentials, and what the suite accepts. */
function requestHeaders(config: Pick<ConnectionConfig, 'apiToken' | 'apiHeaders'>): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json, application/fhir+json;q=0.9, text/plain;q=0.5',
    // A body is judged as sent: a coding the harness did not ask for is a finding (HTTP-JSON), not a convenience.
    'accept-encoding': ACCEPTED_ENCODING,
    ...config.apiHeaders,
  };
  if (config.apiToken) headers.authorization = `Bearer ${config.apiToken}`;
  return headers;
}

/** The one place where the configuration, credentials included, becomes client options. */
export function clientOptions(config: ConnectionConfig, redactor: Redactor, throttle?: Throttle): HttpClientOptions {
  return {
    baseUrl: config.baseUrl,
    headers: requestHeaders(config),
    timeoutMs: config.requestTimeoutMs,
    redactor,
    ...(throttle ? { throttle } : {}),
  };
}

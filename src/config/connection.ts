/** How to reach the target: everything a request needs, and nothing about the suite; the target named. */

import { resolve } from 'node:path';
import { FileRefusal, readBoundedFile } from '../json/json-file';
import { ConfigError } from './config-error';
import { credentialSecrets, MIN_SECRET_LENGTH, skeletonOf } from './secrets';
import type { Environment } from './environment';

/** Where the embedded reference server listens, chosen once in the main process (see playwright.config.ts). */
export const EMBEDDED_URL_VARIABLE = 'CONFORMANCE_EMBEDDED_URL';
/**
 * Set by the `run` command when it serves the embedded server itself, at EMBEDDED_URL_VARIABLE,
 * while Playwright starts: the run waits for it to answer instead of starting one.
 */
export const EMBEDDED_SERVED_VARIABLE = 'CONFORMANCE_EMBEDDED_SERVED';

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

/** MAX_RPS when unset: no limit for the embedded server, a polite pace for anyone else's. */
export const DEFAULT_REMOTE_MAX_RPS = 10;

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

/**
 * Why a secret cannot be sent in an HTTP header (RFC 9110 §5.5: visible ASCII, spaces and tabs
 * inside), such as the "…" of a placeholder copied as written; undefined when it can. The
 * character is named by its code point and place, never the value, which is a secret.
 */
function headerUnsafe(value: string): string | undefined {
  const at = [...value].findIndex((c) => !/[\x21-\x7E \t]/.test(c));
  if (at < 0) return undefined;
  const char = [...value][at];
  const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const shown = /[\r\n]/.test(char) ? 'a line break' : /\p{L}|\p{P}|\p{S}/u.test(char) ? `"${char}" (${code})` : code;
  return `holds ${shown} at character ${at + 1}, which no HTTP header can carry`;
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
    const unsafe = headerUnsafe(value);
    if (unsafe) throw new ConfigError('API_HEADERS', `value of "${name}" ${unsafe}`);
  }
  return parsed as Record<string, string>;
}

/** A certificate or key in PEM: a few kilobytes, a chain of them a few more. */
const PEM_MAX_BYTES = 1024 * 1024;

function pemFile(env: Environment, key: string, cwd: string): Buffer {
  const file = resolve(cwd, env[key]!.trim());
  let content: Buffer;
  try {
    content = readBoundedFile(file, PEM_MAX_BYTES);
  } catch (error) {
    if (error instanceof FileRefusal) throw new ConfigError(key, `cannot be read: ${error.message}`);
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
export function targetLine(baseUrl: string, embedded: boolean, maxRps: number): string {
  if (embedded) return `${baseUrl} (the embedded reference server: no BASE_URL or --base-url was given)`;
  // A limit a user did not set would slow a run without a word: the first line says it, and what changes it.
  return maxRps > 0
    ? `${baseUrl} (at most ${maxRps} requests/s: MAX_RPS or --max-rps sets it, 0 for no limit)`
    : `${baseUrl} (no rate limit)`;
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
  const unsafe = token ? headerUnsafe(token) : undefined;
  if (unsafe) throw new ConfigError('API_TOKEN', `${unsafe}: set it to your service's token`);
  const certificate = clientCertificate(env, cwd);
  const apiHeaders = headers(env);
  refuseShortSecrets(token || undefined, apiHeaders);
  return {
    baseUrl,
    embedded,
    apiToken: token || undefined,
    apiHeaders,
    providerPath: path(env, 'PROVIDER_PATH', '/provider'),
    fhirPath: path(env, 'FHIR_PATH', '/fhir'),
    requestTimeoutMs,
    maxRps,
    ...(certificate ? { clientCertificate: certificate } : {}),
  };
}

/** The secrets of one configured header: an Authorization value taken apart (credentialSecrets), any other value whole. */
const headerSecrets = (name: string, value: string) =>
  name.toLowerCase() === 'authorization' ? credentialSecrets(value) : { secrets: [value], essential: value };

/** The secrets of a configuration: values that must never reach any output. */
export function secretsOf(config: Pick<ConnectionConfig, 'apiToken' | 'apiHeaders' | 'clientCertificate'>): string[] {
  return [
    config.apiToken,
    ...Object.entries(config.apiHeaders).flatMap(([name, value]) => headerSecrets(name, value).secrets),
    config.clientCertificate?.passphrase,
  ].filter((value): value is string => !!value && value.length > 0);
}

/**
 * The secrets the environment configures, read as the connection reads them but without refusing
 * anything: what a command that sends nothing (judge), or a run whose configuration did not load,
 * keeps out of what it writes. Headers that are no JSON object give no value to read.
 */
export function configuredSecrets(env: Environment): string[] {
  let apiHeaders: Record<string, string> = {};
  try {
    const parsed = JSON.parse(env.API_HEADERS?.trim() || '{}') as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      apiHeaders = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    // Unparseable headers were refused without being repeated.
  }
  return [
    env.API_TOKEN?.trim(),
    ...Object.entries(apiHeaders).flatMap(([name, value]) => headerSecrets(name, value).secrets),
    env.CLIENT_KEY_PASSPHRASE,
  ].filter((value): value is string => !!value && value.length > 0);
}

/**
 * A credential too short to keep out of what the harness writes: fewer letters and digits than
 * MIN_SECRET_LENGTH would match ordinary text, so the run refuses it in one line rather than write
 * it. Of a Basic credential, the password is the secret that counts; its user name is matched as a
 * secret only when it is long enough.
 */
function refuseShortSecret(key: string, what: string, secret: string | undefined): void {
  if (secret === undefined || secret === '' || skeletonOf(secret).length >= MIN_SECRET_LENGTH) return;
  throw new ConfigError(
    key,
    `${what} has fewer than ${MIN_SECRET_LENGTH} letters and digits: a secret that short cannot be told apart from ordinary text, so no output could be kept free of it; use a longer credential`,
  );
}

function refuseShortSecrets(token: string | undefined, headers: Record<string, string>): void {
  refuseShortSecret('API_TOKEN', 'the token', token);
  for (const [name, value] of Object.entries(headers))
    refuseShortSecret('API_HEADERS', `the value of ${name}`, headerSecrets(name, value).essential);
}

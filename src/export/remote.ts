/**
 * An export on http(s): a manifest's URL, a file's, or a FHIR Bulk Data kick-off (`GET …/$export`
 * with `Prefer: respond-async`, the status polled as its Retry-After says, never cancelled: the
 * harness sends only GET). Every request is a GET that follows no redirect (undici's request
 * follows none), its body streamed, never held whole.
 *
 * Credentials go only where they may: the target's (its bearer token and headers) to the target's
 * origin, and to another origin only when the user names it (--export-origin). A manifest's file on
 * another origin that it marks `requiresAccessToken` is not asked without them: the survey stops in
 * one line, saying how to name the origin.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boundedBody, type StreamedAnswer, streamedGet, streamingAgent } from '../client/transport';
import { ExportSourceError } from './source-error';

export interface ExportAccess {
  /** The target's origin, where its credentials go; undefined when no target is configured (a dry run of the export alone). */
  targetOrigin?: string;
  /** The target's credentials as request headers (Authorization, API_HEADERS): never written anywhere. */
  credentials: Record<string, string>;
  /** --export-origin: other origins the user names to receive them. */
  namedOrigins: readonly string[];
  /** Each answer's headers are awaited this long, and each chunk of a body. */
  timeoutMs: number;
  /** Waits between polls of a kick-off's status (tests pass a fake clock). */
  sleep?: (ms: number) => Promise<void>;
}

/** A status's Retry-After is honoured up to this long each time; one without it is asked again after POLL_DEFAULT_MS. */
const MAX_POLL_WAIT_MS = 120_000;
const POLL_DEFAULT_MS = 1_000;
/** A kick-off whose status says "in progress" this many times is left running (never cancelled) and the survey stops. */
const MAX_POLLS = 720;
/** A manifest is a small JSON document: one larger than this is no manifest. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/** A URL as every output shows it: its origin and path, never its query (a signed URL's signature is a credential). */
export const shownUrl = (url: string): string => {
  try {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`;
  } catch {
    return url.replace(/[?#].*$/, '');
  }
};

/** The headers a request to `url` carries: the target's credentials only on its origin or one the user named. */
export function credentialsFor(url: string, access: ExportAccess, requiresAccessToken = false): Record<string, string> {
  const { origin } = new URL(url);
  if (origin === access.targetOrigin || access.namedOrigins.includes(origin)) return access.credentials;
  if (requiresAccessToken && Object.keys(access.credentials).length > 0)
    throw new ExportSourceError(
      `its file ${shownUrl(url)} requires an access token, and the target's credentials go only to ${access.targetOrigin ?? 'the target'}: name ${origin} with --export-origin ${origin} to send them there`,
    );
  if (requiresAccessToken)
    throw new ExportSourceError(
      `its file ${shownUrl(url)} requires an access token, and no credential is configured (API_TOKEN or API_HEADERS), or its origin named with --export-origin ${origin}`,
    );
  return {};
}

/** The export's own connections: no client certificate (it is the target's, for the target). */
let agent: ReturnType<typeof streamingAgent> | undefined;

async function get(url: string, headers: Record<string, string>, access: ExportAccess): Promise<StreamedAnswer> {
  try {
    agent ??= streamingAgent();
    return await streamedGet(url, headers, { timeoutMs: access.timeoutMs, dispatcher: agent });
  } catch (error) {
    throw new ExportSourceError(`GET ${shownUrl(url)} had no answer: ${(error as Error).message}`);
  }
}

async function textOf(answer: StreamedAnswer, url: string): Promise<string> {
  const body = await boundedBody(answer.body, MAX_MANIFEST_BYTES);
  if (typeof body === 'number') throw new ExportSourceError(`${shownUrl(url)} answered more than ${MAX_MANIFEST_BYTES} bytes: no manifest`);
  return body.toString('utf8');
}

function refused(url: string, answer: StreamedAnswer, what: string): ExportSourceError {
  answer.body.resume();
  const location = answer.headers.location;
  const redirect =
    answer.status >= 300 && answer.status < 400 ? `, a redirect${location ? ` to ${shownUrl(location)}` : ''} never followed` : '';
  return new ExportSourceError(`GET ${shownUrl(url)} answered ${answer.status}${redirect}: ${what}`);
}

/** The body of a manifest's URL: its JSON text. */
export async function remoteManifestText(url: string, access: ExportAccess): Promise<string> {
  const answer = await get(url, { accept: 'application/json', ...credentialsFor(url, access) }, access);
  if (answer.status !== 200) throw refused(url, answer, 'no manifest');
  return textOf(answer, url);
}

/** How long a status asks to be left: Retry-After in seconds or as a date, bounded. */
function retryAfterMs(answer: StreamedAnswer): number {
  const raw = answer.headers['retry-after'];
  if (raw === undefined) return POLL_DEFAULT_MS;
  const seconds = /^\d+$/.test(raw.trim()) ? Number(raw) * 1000 : Date.parse(raw) - Date.now();
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), MAX_POLL_WAIT_MS) : POLL_DEFAULT_MS;
}

/** A Bulk Data kick-off (§1's export, the FHIR Bulk Data Access IG): the complete status's text, once the status gives it. */
export async function kickedOffManifestText(url: string, access: ExportAccess): Promise<{ text: string; status: string }> {
  const sleep = access.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const kickOff = await get(url, { accept: 'application/fhir+json', prefer: 'respond-async', ...credentialsFor(url, access) }, access);
  const location = kickOff.headers['content-location'];
  if (kickOff.status !== 202 || location === undefined)
    throw refused(url, kickOff, 'a kick-off is answered 202 with the status URL in Content-Location');
  kickOff.body.resume();
  const status = new URL(location, url).toString();
  for (let poll = 0; poll < MAX_POLLS; poll++) {
    const answer = await get(status, { accept: 'application/json', ...credentialsFor(status, access) }, access);
    if (answer.status === 202) {
      answer.body.resume();
      await sleep(retryAfterMs(answer));
      continue;
    }
    if (answer.status !== 200) throw refused(status, answer, 'the export failed or was refused');
    return { text: await textOf(answer, status), status };
  }
  throw new ExportSourceError(
    `${shownUrl(status)} said the export was still in progress after ${MAX_POLLS} polls: it is left running, never cancelled; give its manifest when it is complete`,
  );
}

/** A file's bytes as they come, for decode.ts. */
export async function* remoteFileBytes(url: string, headers: Record<string, string>, access: ExportAccess): AsyncGenerator<Buffer> {
  const answer = await get(url, { accept: 'application/fhir+ndjson', ...headers }, access);
  if (answer.status !== 200) throw refused(url, answer, 'no export file');
  yield* answer.body as AsyncIterable<Buffer>;
}

let spoolFolder: string | undefined;
let spooledFiles = 0;

/**
 * A file the survey reads twice (once to index the export, once to ask the service for each
 * resource) is fetched once: its bytes, as they came, kept on this machine while they are read the
 * first time, and read from there after. The folder goes when the process ends.
 */
export function spooled(fetch: () => AsyncIterable<Buffer>): () => AsyncIterable<Buffer> {
  let kept: string | undefined;
  async function* spooling(): AsyncGenerator<Buffer> {
    if (spoolFolder === undefined) {
      const folder = mkdtempSync(join(tmpdir(), 'directory-export-'));
      spoolFolder = folder;
      process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    }
    const path = join(spoolFolder, String(++spooledFiles));
    const out = createWriteStream(path);
    try {
      for await (const chunk of fetch()) {
        if (!out.write(chunk)) await once(out, 'drain');
        yield chunk;
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
    // Only a file fetched whole is read again from here: one cut short is fetched again.
    kept = path;
  }
  return () => (kept === undefined ? spooling() : createReadStream(kept));
}

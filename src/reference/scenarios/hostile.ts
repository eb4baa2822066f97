import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { Intercept } from './behaviour';
import type { Scenario } from './scenario';
import { echoedForms } from './secret-encodings';
import { withBundle, withData } from './transforms';

/**
 * Targets that misbehave below the specification: the harness must survive each one, end in
 * bounded time, write its report saying what happened, and exit non-zero. `says` is what the
 * report (conformance.md) must contain.
 */
export interface HostileTarget extends Scenario {
  says: RegExp;
  /**
   * The preflight stops the run: one run error, and no test runs. `configuration` when a setting is
   * plainly what is wrong (exit 2, run error kind configuration), `unavailable` otherwise (exit 3, kind preflight).
   */
  stoppedByPreflight?: 'configuration' | 'unavailable';
  /** Bound on the run's peak resident memory (every process summed), in MiB. */
  maxPeakRssMiB?: number;
  /** The run finds nothing and ends inconclusive, exit 3: what it could not judge it says, and no answer it did not judge is a finding. */
  inconclusive?: true;
}

/**
 * The recognisable credentials of the leak test; no file the harness writes may contain them, in any
 * form. Credentials the echoing target sends back, with characters that every encoding changes (a `/`, a
 * `+`, a space, an `&`, a `=`), so that an echo in any encoding is another text than the secret.
 */
export const LEAK_TEST_SECRETS = {
  token: 'leak-canary/token+4d1f0c9e=',
  header: 'leak canary/header&b7e2a6',
  basicUser: 'leak-canary-user',
  basicPassword: 'leak:canary/pass+91c4e7',
};

/** The Basic credential of the leak test: `user:password` in base64, as API_HEADERS carries it. */
export const LEAK_TEST_BASIC = `Basic ${Buffer.from(`${LEAK_TEST_SECRETS.basicUser}:${LEAK_TEST_SECRETS.basicPassword}`).toString('base64')}`;

/** Of the echoed forms, each answer holds every this-many-th, by its URL: a run's hundreds of answers hold them all, each answer a few. */
const FORMS_AN_ANSWER_IN = 6;

/**
 * What services write a value as, other than itself (echoedForms): the share of the forms this
 * answer holds (by `turn`, from its URL), and the value at the end of a text so long that a cut of the
 * harness falls inside it.
 */
const echoEncodings = (value: string, turn: number) => [
  ...echoedForms(value).filter((form, i) => form !== value && i % FORMS_AN_ANSWER_IN === turn % FORMS_AN_ANSWER_IN),
  `${'w '.repeat(1020)}${value}`,
];

/** A number of a URL's own: which share of the forms its answer holds, and how it is sent. */
const turnOf = (url: string) => [...url].reduce((sum, c) => sum + c.charCodeAt(0), 0);

/** The parts of an Authorization value the leak test echoes: the value, its credential, and Basic's user:password, user and password. */
const credentialParts = (authorization: string) => {
  const [scheme, credential = ''] = authorization.split(' ');
  if (scheme !== 'Basic') return [authorization, credential];
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  return [authorization, credential, decoded, ...decoded.split(/:(.*)/s).slice(0, 2)];
};

const HUGE_BODY_BYTES = 50 * 1024 * 1024;
let hugeBody: Buffer | undefined;

/** A 50 MB JSON array of source records, built once. */
function huge(): Buffer {
  if (!hugeBody) {
    const element = JSON.stringify({ id: 'x'.repeat(40), index: 'nppes', data: { Note: ['y'.repeat(400)] } });
    const count = Math.ceil(HUGE_BODY_BYTES / (element.length + 1));
    hugeBody = Buffer.from(`[${Array.from({ length: count }, () => element).join(',')}]`);
  }
  return hugeBody;
}

const answer = (reply: FastifyReply, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
  reply.code(status).type(type).headers(headers).send(body);
  return Promise.resolve(true);
};

/** Writes JSON-looking bytes without a length, as fast as the client reads, until the client goes away. */
function endless(reply: FastifyReply): Promise<boolean> {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.from(`[${'{"id":"x","index":"nppes","data":{}},'.repeat(1024)}`);
  const pump = () => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once('drain', pump);
  };
  pump();
  return Promise.resolve(true);
}

const HTML_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>';

/**
 * How an echoing answer is sent, chosen by its URL so that a recording asks the same again: as it
 * is, compressed (gzip, brotli, deflate, though the request accepts none), or, for source records
 * (never a preflight's question), as UTF-16 bytes under a media type that says so.
 */
function echoSent(url: string, body: string): { body: Buffer; headers: Record<string, string>; type: string } {
  const json = 'application/json';
  const pick = turnOf(url) % 4;
  if (url.includes('/sourceRecords/') && pick === 0)
    return { body: Buffer.from(body, 'utf16le'), headers: {}, type: `${json}; charset=utf-16le` };
  const coding = (['identity', 'gzip', 'br', 'deflate'] as const)[pick];
  const compress = { identity: (b: Buffer) => b, gzip: gzipSync, br: brotliCompressSync, deflate: deflateSync }[coding];
  return { body: compress(Buffer.from(body)), headers: coding === 'identity' ? {} : { 'content-encoding': coding }, type: json };
}

/**
 * Echoes the request's credentials in every answer, in each endpoint's own shape: the Authorization
 * value taken apart, the API key, each in every form services write (echoEncodings), the URL, a link
 * whose query carries the first form-encoded, and a header; the answer compressed or in UTF-16 by
 * turns (echoSent), so that what the harness keeps of a body it had to decode is searched too.
 */
const echoingCredentials: Intercept = async (request, reply) => {
  const received = [...credentialParts(request.headers.authorization ?? ''), String(request.headers['x-api-key'] ?? '')];
  const turn = turnOf(request.url);
  const echo = {
    authorization: received[0],
    apiKey: received.at(-1),
    url: request.url,
    encoded: received.flatMap((value) => echoEncodings(value, turn)),
  };
  const echoed = [...received, ...echo.encoded, echo.url];
  const formEncoded = new URLSearchParams([['', received[0]]]).toString().slice(1);
  // A link whose query carries the token form-encoded, as a service that signs its links might.
  const link = [{ relation: 'self', url: `http://${request.headers.host ?? ''}${request.url}&echo=${formEncoded}` }];
  // Shaped as the service answers each endpoint, so that the preflight lets it through and every rule reads the echo.
  const body = request.url.includes('/sourceRecords/')
    ? [{ id: 'echo', index: 'echo', data: { Echo: echoed } }]
    : request.url.includes('/organization')
      ? { resourceType: 'Bundle', type: 'searchset', total: 0, link, entry: [], echo }
      : { id: 'echo', data: { NPI: ['1234567893'], Echo: echoed } };
  // JSON as PHP's json_encode writes it: every / escaped as \/. The token, form-encoded, in a header too.
  const sent = echoSent(request.url, JSON.stringify(body).replaceAll('/', '\\/'));
  return answer(reply, 200, sent.type, sent.body, { 'x-echo': formEncoded, ...sent.headers });
};

/** How late the slow target answers: a command asking it is in the middle of its work when a signal comes. */
const SLOW_ANSWER_MS = 250;

/**
 * The reference behaviour, every answer late: what the robustness run stops each command in the middle
 * of (Ctrl-C, SIGTERM), as a user stops one against a slow service. No case of its own: a run of it
 * passes, slowly.
 */
export const SLOW_ANSWERS: Scenario = {
  name: 'slow-answers',
  description: `the reference behaviour, every answer ${SLOW_ANSWER_MS} ms late`,
  behaviour: every(async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
    return false;
  }),
};

/**
 * Text a careless or hostile service may hold in any value: markup, terminal escape sequences, NUL
 * and BEL, the noncharacters XML cannot carry, a lone surrogate (valid JSON text, never valid
 * UTF-8 or XML), and a megabyte. `HOSTILE_MARK` opens the escape sequence, so a scan can find it.
 */
export const HOSTILE_MARK = '\u001b[31mHOSTILE';
const HOSTILE_TEXT = `<script>alert("x")</script><img src=x onerror=alert(1)>${HOSTILE_MARK}\u001b[0m\u0000\u0007\ufffe\uffff\ud800`;
/** A megabyte of one letter: no report may hold a run of it much longer than its cap. */
export const HOSTILE_HUGE = 'Z'.repeat(1024 * 1024);

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP's CSV injection list). */
export const FORMULA_PREFIXES = ['=', '+', '-', '@'] as const;

const hostileData = withData((data) => {
  data.Gender = [`=HYPERLINK("http://evil.example/")${HOSTILE_TEXT}`];
  data.Status = [`${HOSTILE_TEXT}${HOSTILE_HUGE}`];
  for (const name of (data.Name ?? []) as Record<string, unknown>[]) name.NameType = [HOSTILE_TEXT];
});

/** A value nested 5,000 arrays deep (10 KB): valid JSON that a walk recursing once a level cannot finish. */
const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;

function every(intercept: Intercept): Scenario['behaviour'] {
  return { http: { intercept } };
}

export const HOSTILE: HostileTarget[] = [
  {
    name: 'hostile-text',
    description:
      'markup, formula prefixes (=, +, -, @), escape sequences, NUL, BEL, U+FFFE, lone surrogates and a 1 MiB string in record values and organization names',
    says: /ORG-FILTERS \| MUST .* \| fail .*matches none of the organization's name values/,
    behaviour: {
      searchSingleBest: { golden: hostileData.golden },
      sourceRecords: { sources: hostileData.sources },
      organization: {
        bundle: withBundle((bundle) => {
          const [first, ...rest] = bundle.entry;
          if (!first) return;
          first.resource.name = `${HOSTILE_TEXT}${HOSTILE_HUGE}`;
          for (const type of first.resource.type ?? []) type.text = HOSTILE_TEXT;
          // Ids a spreadsheet would run: each is the key of that organization's rows in a survey's failures.csv.
          rest.slice(0, FORMULA_PREFIXES.length).forEach((entry, i) => {
            entry.resource.id = `${FORMULA_PREFIXES[i]}HYPERLINK("http://evil.example/",${i})`;
          });
        }),
      },
    },
  },
  {
    name: 'hang',
    stoppedByPreflight: 'unavailable',
    description: 'accepts every request and never answers',
    says: /did not answer .* within REQUEST_TIMEOUT_MS=1500 ms/,
    suiteEnv: { REQUEST_TIMEOUT_MS: '1500' },
    behaviour: every(async (_request, reply) => {
      reply.hijack();
      return true;
    }),
  },
  {
    name: 'invalid-json',
    description: 'answers 200 application/json with a body that is not JSON',
    says: /HTTP-JSON \| MUST .* \| fail .*does not parse/,
    behaviour: every((_request, reply) => answer(reply, 200, 'application/json', '{"id": "truncated", "data": {"NPI": [')),
  },
  {
    name: 'connection-reset',
    stoppedByPreflight: 'unavailable',
    description: 'resets every connection',
    says: /preflight.*(ECONNRESET|socket hang up|reset)/i,
    behaviour: every(async (request, reply) => {
      reply.hijack();
      request.raw.socket.destroy();
      return true;
    }),
  },
  {
    name: 'huge-body',
    description: 'sourceRecords answers a 50 MB body',
    says: /SR-ROOT-ARRAY \| MUST .* \| fail .*a body too large to hold \(\d{8} bytes\)/,
    behaviour: every(async (request, reply) =>
      request.url.includes('/sourceRecords/') ? answer(reply, 200, 'application/json', huge()) : false,
    ),
  },
  {
    name: 'endless-body',
    description: 'streams every answer without a Content-Length and never ends it',
    // HTTP-JSON fails the unreadable answer once; the rules that read a body skip it and name HTTP-JSON.
    says: /^(?=[\s\S]*HTTP-JSON \| MUST .* \| fail .*exceeds the harness limit of \d+ bytes, so reading stopped)(?=[\s\S]*SB-ROOT-OBJECT .*a body too large to hold \(\d+ bytes\).*see HTTP-JSON)/,
    // A long time-out, so that a client that waited for the end would show it in the run's length.
    suiteEnv: { REQUEST_TIMEOUT_MS: '60000' },
    maxPeakRssMiB: 1024,
    behaviour: every((_request, reply) => endless(reply)),
  },
  {
    name: 'html-error-page',
    description: 'a gateway answers 502 with an HTML page',
    says: /text\/html.*502 Bad Gateway/s,
    behaviour: every((_request, reply) => answer(reply, 502, 'text/html', HTML_PAGE)),
  },
  {
    name: 'unauthorized-401',
    stoppedByPreflight: 'configuration',
    description: 'refuses every request with 401',
    says: /preflight.*answered 401 Unauthorized.*check API_TOKEN/,
    behaviour: every((_request, reply) =>
      answer(reply, 401, 'application/json', '{"error":"unauthorized"}', { 'www-authenticate': 'Bearer' }),
    ),
  },
  {
    name: 'forbidden-403',
    stoppedByPreflight: 'configuration',
    description: 'refuses every request with 403',
    says: /preflight.*answered 403 Forbidden.*API_HEADERS/,
    behaviour: every((_request, reply) => answer(reply, 403, 'text/html', '<html><body>Forbidden</body></html>')),
  },
  {
    name: 'rate-limited-429',
    stoppedByPreflight: 'unavailable',
    description: 'answers every request 429 with Retry-After: 1',
    says: /preflight.*429 Too Many Requests.*even after waiting out Retry-After/,
    behaviour: every((_request, reply) => answer(reply, 429, 'application/json', '{"error":"slow down"}', { 'retry-after': '1' })),
  },
  {
    name: 'rate-limited-later',
    inconclusive: true,
    description:
      "answers the preflight's questions, then refuses every source-records lookup 503 with Retry-After: 0 and every organization search by Count or Page 429 with Retry-After: 0, however often asked",
    says: /refused.*(429 Too Many Requests|503 Service Unavailable).*lower MAX_RPS/,
    behaviour: every((request, reply) => {
      if (request.url.includes('/sourceRecords/'))
        return answer(reply, 503, 'application/json', '{"error":"maintenance"}', { 'retry-after': '0' });
      if (/\/organization\?.*\b(Count|Page)=/.test(request.url))
        return answer(reply, 429, 'application/json', '{"error":"slow down"}', { 'retry-after': '0' });
      return Promise.resolve(false);
    }),
  },
  {
    name: 'echo-credentials',
    description: "requires a token, then echoes the request headers in every answer, in each endpoint's own shape",
    says: /\[REDACTED\]/,
    suiteEnv: { API_TOKEN: LEAK_TEST_SECRETS.token, API_HEADERS: JSON.stringify({ 'X-Api-Key': LEAK_TEST_SECRETS.header }) },
    behaviour: { http: { bearerToken: LEAK_TEST_SECRETS.token, intercept: echoingCredentials } },
  },
  {
    name: 'echo-basic-credentials',
    description: 'requires a Basic credential, then echoes it in every answer, the decoded user:password, user and password too',
    says: /\[REDACTED\]/,
    suiteEnv: { API_HEADERS: JSON.stringify({ Authorization: LEAK_TEST_BASIC }) },
    behaviour: {
      http: {
        intercept: async (request, reply, call) => {
          if (request.headers.authorization !== LEAK_TEST_BASIC)
            return answer(reply, 401, 'application/json', '{"error":"a Basic credential is required"}');
          return echoingCredentials(request, reply, call);
        },
      },
    },
  },
  {
    name: 'deep-nesting',
    description: 'a value nested 5,000 arrays deep in every answer (valid JSON, 10 KB)',
    says: /HTTP-JSON \| MUST .* \| fail .*levels deep, beyond the 128 levels the harness reads/,
    // Written as text: the server's own serializer recurses too.
    behaviour: every((request, reply) => {
      const body = request.url.includes('/sourceRecords/')
        ? `[{"id":"deep","index":"deep","data":{"Deep":${DEEP}}}]`
        : request.url.includes('/organization')
          ? `{"resourceType":"Bundle","type":"searchset","total":0,"link":[],"entry":[],"extension":${DEEP}}`
          : `{"id":"deep","data":{"NPI":["1234567893"],"Deep":${DEEP}}}`;
      return answer(reply, 200, 'application/json', body);
    }),
  },
  {
    name: 'another-api',
    stoppedByPreflight: 'configuration',
    description: 'a JSON service of another kind at the address: 200 application/json {"service":"acme-billing",…} on every path',
    says: /preflight.*does not look like the Directory Search Service.*a JSON object with service, status, version/,
    behaviour: every((_request, reply) =>
      answer(reply, 200, 'application/json', JSON.stringify({ service: 'acme-billing', status: 'ok', version: '3.2.1' })),
    ),
  },
];

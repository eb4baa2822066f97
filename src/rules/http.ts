/** HTTP-JSON and HTTP-NO-5XX: the rules of every answer of every endpoint, whatever asked for it. */
import { ACCEPTED_ENCODING, type Exchange } from '../client/exchange';
import { carriesAmbiguityText } from './ambiguity';
import { Judgement, SHOWN } from './judgement';

const JSON_MEDIA_TYPE = /^application\/(fhir\+)?json\s*(;|$)/i;
const UTF8_CHARSET = /;\s*charset\s*=\s*"?utf-?8"?\s*(;|$)/i;

/**
 * The cross-cutting rules for one exchange, and the events of the run it shows (a retry, a wait
 * for Retry-After). `ambiguityAllowed`: a searchSingleBest answer, which may carry the §4.1 r4
 * text as plain text.
 */
export function judgeHttp(exchange: Exchange, options: { ambiguityAllowed?: boolean } = {}): Judgement {
  const judgement = new Judgement();
  if (exchange.retriedAfter)
    judgement.observe('OBS-TRANSPORT-RETRY', {
      url: exchange.url,
      error: exchange.retriedAfter,
      outcome: `answered ${exchange.status} on the retry`,
    });
  for (const wait of exchange.rateLimited ?? []) judgement.observe('OBS-RATE-LIMITED', { url: exchange.url, ...wait });
  judgement.check('HTTP-NO-5XX', exchange.status < 500, `the service answered ${exchange.status}`, { exchange });
  if (exchange.status < 200 || exchange.status > 299) return judgement;
  // HTTP-JSON judges answers that carry a body: a 204, or the silence of a no-match (§4.1 r7), has none.
  const unreadable = !exchange.json.ok && exchange.json.unreadable === true;
  if (exchange.bodyText === '' && exchange.tooLargeBytes === undefined && !unreadable) return judgement;
  // JSON text is UTF-8 (RFC 8259 §8.1), and so is text declared charset=utf-8: invalid bytes are a fault, plain text or JSON.
  if (JSON_MEDIA_TYPE.test(exchange.contentType) || UTF8_CHARSET.test(exchange.contentType))
    judgement.check(
      'HTTP-JSON',
      exchange.invalidUtf8 === undefined,
      () =>
        `the body is not UTF-8 from byte offset ${exchange.invalidUtf8!.offset} (0x${exchange.invalidUtf8!.byte.toString(16).padStart(2, '0')}) on, though its media type "${exchange.contentType}" says UTF-8 (RFC 8259 §8.1: JSON exchanged between systems is UTF-8); the body was judged with U+FFFD in its place`,
      { exchange },
    );
  // §4.1 r4: the ambiguity answer may be plain text, so it is exempt.
  if (options.ambiguityAllowed && carriesAmbiguityText(exchange)) return judgement;
  judgement.check(
    'HTTP-JSON',
    JSON_MEDIA_TYPE.test(exchange.contentType),
    `a 2xx answer has media type "${exchange.contentType}", not application/json or application/fhir+json`,
    { exchange },
  );
  // One finding per cause: what the body carries around its JSON is named here, and the JSON itself judged as usual.
  const encoding = exchange.contentEncoding;
  if (encoding)
    judgement.check(
      'HTTP-JSON',
      false,
      `the body is sent with Content-Encoding: ${encoding.coding}, though the request accepted only ${ACCEPTED_ENCODING} (Accept-Encoding, RFC 9110 §12.5.3)${encoding.decoded ? '; it was judged decoded' : ''}`,
      { exchange },
      'SHOULD',
    );
  if (!JSON_MEDIA_TYPE.test(exchange.contentType)) return judgement;
  judgement.check(
    'HTTP-JSON',
    !exchange.bom,
    'the body begins with a byte-order mark (U+FEFF), which RFC 8259 §8.1 forbids in JSON sent over a network; the rest of the body was judged without it',
    { exchange },
  );
  judgement.check(
    'HTTP-JSON',
    exchange.json.ok,
    () =>
      `a 2xx JSON answer ${!exchange.json.ok && (exchange.json.depth !== undefined || exchange.json.unreadable) ? 'cannot be read' : 'does not parse'}: ${exchange.json.ok ? '' : exchange.json.error}`,
    {
      exchange,
    },
  );
  const repeated = exchange.duplicateNames ?? [];
  judgement.check(
    'HTTP-JSON',
    repeated.length === 0,
    () =>
      `an object repeats member names, which RFC 8259 §4 says SHOULD be unique (parsers keep one of them, and which is not defined; the harness judged the last): at ${repeated.slice(0, SHOWN).join(', ')}${repeated.length > SHOWN ? ` and ${repeated.length - SHOWN} more` : ''}`,
    { exchange, pointer: repeated[0] },
    'SHOULD',
  );
  return judgement;
}

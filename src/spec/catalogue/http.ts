import type { Requirement } from './requirement';

/** Requirements of every answer of every endpoint. */
export const HTTP_REQUIREMENTS = [
  {
    id: 'HTTP-JSON',
    level: 'MUST',
    spec: '§0',
    title:
      'every 2xx answer that carries a body has a JSON media type (`application/json` or `application/fhir+json`, parameters allowed), begins without a byte-order mark (RFC 8259 §8.1) and parses; the ambiguity answer is exempt',
    nearMiss:
      'an object with duplicate member names (RFC 8259 §4: names SHOULD be unique); a body sent with a `Content-Encoding` the request did not accept (it asks for `identity`, RFC 9110 §12.5.3)',
  },
  { id: 'HTTP-NO-5XX', level: 'SHOULD', spec: '—', title: 'no request the suite sends, bad inputs included, gets a 5xx' },
] as const satisfies readonly Requirement[];

export type HttpRequirementId = (typeof HTTP_REQUIREMENTS)[number]['id'];

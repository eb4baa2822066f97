import type { Requirement } from './requirement';

/** Requirements of every answer of every endpoint. */
export const HTTP_REQUIREMENTS = [
  {
    id: 'HTTP-JSON',
    level: 'MUST',
    spec: '§0',
    title:
      'every 2xx answer that carries a body has a JSON media type (`application/json` or `application/fhir+json`, parameters allowed) and parses; the ambiguity answer is exempt',
  },
  { id: 'HTTP-NO-5XX', level: 'SHOULD', spec: '—', title: 'no request the suite sends, bad inputs included, gets a 5xx' },
] as const satisfies readonly Requirement[];

export type HttpRequirementId = (typeof HTTP_REQUIREMENTS)[number]['id'];

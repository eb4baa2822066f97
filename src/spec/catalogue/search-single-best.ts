import type { Requirement } from './requirement';

/** Requirements of GET {PROVIDER_PATH}/searchSingleBest (§4.1). */
export const SEARCH_SINGLE_BEST_REQUIREMENTS = [
  {
    id: 'SB-ROOT-OBJECT',
    level: 'MUST',
    spec: '§1, §4.1 r3',
    title: 'searchSingleBest never answers with a JSON array; a unique match answers with an object',
  },
  {
    id: 'SB-RECORD-SHAPE',
    level: 'MUST',
    spec: '§2.1',
    title: 'a unique match has `id` (non-empty string) and `data` (object)',
    judges: { what: 'shape', how: 'members and types' },
  },
  {
    id: 'SB-MATCHES-QUERY',
    level: 'MUST',
    spec: '§4.1',
    title:
      "a record answered, whatever request brought it, agrees with the query's non-optional plainly named parameters: NPI among `data.NPI`; first and last name in a `Name` entry (case-insensitive); state in `State` or an address; city in an address; phone in `Phone` or an address",
  },
  {
    id: 'SB-AMBIGUOUS',
    level: 'MUST',
    spec: '§4.1 r4, §7',
    title:
      'an ambiguous query returns no record and carries the text `Search returned more than one result.` word for word, alone or inside a longer message',
    // §4.1 r4: "when the search finds more than one result". The conformance run asks the probes' ambiguous query (a gap without one); a survey judges the queries its records share.
    appliesWhen: {
      condition: 'several-match',
      otherwise:
        'no search the survey made is known to match several providers: no two providers it met share their first name, last name and state, or their name, and no answer named another provider holding the searched values',
    },
  },
  {
    id: 'SB-NARROWING',
    level: 'MUST',
    spec: '§4.1 r3–r4',
    title:
      "an ambiguous query plus `narrowedBy` returns one record that matches every parameter; a query whose NPI names one provider, plus any plain parameter holding that record's own value, returns the same record, never the ambiguity text or another record; so does one named as the attribute that holds its value (`Email`, `Zip`, `TaxonomyCode`, `TaxonomyDescription`, `TaxonomyLicense`), whose own value, verbatim, equals itself under any matching rule",
    nearMiss:
      "the NPI plus the record's own value of a parameter whose attribute §4.1 neither names plainly nor shares its name (`Address`, `StreetAddress`, an other identifier, …) answers no record: §4.1 r5 does not show the exact matching rules",
  },
  {
    id: 'SB-FINDABLE',
    level: 'SHOULD',
    spec: '§4.1 r1, r4–r5',
    title:
      "a provider is found by its own demographics without its NPI: `FirstName`, `LastName` (from one of its names) and `State` return its record or the ambiguity text, narrowed by its own `City`, then `Zip`, while ambiguous; no record, or another one, is a SHOULD finding, since §4.1 r5 does not show the exact matching rules (another record that contradicts the query is SB-MATCHES-QUERY's, MUST)",
  },
  {
    id: 'SB-OPTIONAL-DASH',
    level: 'MUST',
    spec: '§4.1 r1–r2',
    title: 'a unique query plus a non-matching dash parameter returns the same record (same id), whichever §4.1 parameter is dashed',
  },
  {
    id: 'SB-EQUIVALENT-QUERY',
    level: 'MUST',
    spec: '§4.1 r3–r4; RFC 3986 §2.3',
    title:
      'a query answers alike, whatever it answers (a record, the ambiguity text, no record), with its parameters in another order and with every byte of its names and values percent-encoded: the answer is a function of the parameters (§4.1 r3–r4), and an encoded letter or digit is the letter or digit (RFC 3986 §2.3); judged once the same query asked again answers as it did',
    nearMiss:
      'the same query asked again answers otherwise: a directory may change between two requests, so it only warns, and the other forms are not judged against answers that move',
  },
  {
    id: 'SB-STRICT-PARAM',
    level: 'SHOULD',
    spec: '§4.1 r2, r5',
    title:
      'every §4.1 parameter for which a value no provider can have exists (all but `LicenseStatus`), added without the dash to a unique query, stops that record being returned; each ignored parameter is named',
  },
  { id: 'SB-NO-MATCH', level: 'MUST', spec: '§1', title: 'a `none` query returns no record and no array' },
] as const satisfies readonly Requirement[];

export type SearchSingleBestRequirementId = (typeof SEARCH_SINGLE_BEST_REQUIREMENTS)[number]['id'];

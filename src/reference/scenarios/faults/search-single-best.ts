import { AMBIGUITY_MESSAGE } from '../../../spec/constants';
import { JSON_TYPE } from '../behaviour';
import type { SearchSingleBestRequirementId } from '../../../spec/catalogue';
import type { FaultsFor } from '../scenario';
import { readAsOperator, withData } from '../transforms';
import { parseQueryString } from '../../query';

/** Faults of searchSingleBest (§4.1), keyed by the requirement each one breaks: the type requires at least one for every requirement. */
export const SEARCH_SINGLE_BEST_FAULTS: FaultsFor<SearchSingleBestRequirementId> = {
  'SB-ROOT-OBJECT': [
    // §4.1 r3 and §1: object, never array.
    {
      name: 'single-best-array',
      description: 'the unique record wrapped in an array',
      behaviour: { searchSingleBest: { golden: (record) => [record] } },
    },
    {
      name: 'name-alone-array',
      description: 'a unique match searched by Name alone is wrapped in an array',
      unseenBySurvey: 'the survey searches by NPI alone, never by Name',
      behaviour: {
        searchSingleBest: {
          golden: (record, { parameters = {} }) => ('Name' in parameters && !('NPI' in parameters) ? [record] : record),
        },
      },
    },
    {
      name: 'ambiguous-as-array',
      description: 'an ambiguous search answers with the candidates as an array',
      unseenBySurvey: 'the survey searches by NPI, which names one provider: it asks no ambiguous query',
      behaviour: {
        searchSingleBest: {
          ambiguity: (candidates) => ({
            status: 200,
            type: JSON_TYPE,
            body: Array.from({ length: Math.min(3, candidates.length) }, (_, i) => candidates.at(i)),
          }),
        },
      },
    },
  ],
  'SB-RECORD-SHAPE': [
    // §2.1.
    {
      name: 'record-id-missing',
      description: 'the record has no id',
      behaviour: { searchSingleBest: { golden: ({ data }) => ({ data }) } },
    },
    {
      name: 'record-id-number',
      description: 'the curated id is a number',
      behaviour: { searchSingleBest: { golden: (record) => ({ ...record, id: 104729 }) } },
    },
    {
      name: 'record-data-string',
      description: 'data is serialized JSON inside a string',
      behaviour: { searchSingleBest: { golden: (record) => ({ ...record, data: JSON.stringify(record.data) }) } },
    },
    {
      // JSON can carry "\ud800"; no URL can: the sourceRecords checks skip for want of a curated ID, and say so.
      name: 'curated-id-split-surrogate',
      description: 'curated IDs cut after a fixed number of UTF-16 units, splitting an emoji: a lone surrogate no URL can carry',
      behaviour: {
        searchSingleBest: { golden: (record) => ({ ...record, id: `${record.id}\ud83d\ude00`.slice(0, record.id.length + 1) }) },
      },
    },
  ],
  'SB-MATCHES-QUERY': [
    // §4.1: the record agrees with the query.
    {
      name: 'wrong-record',
      description: 'an off-by-one lookup returns the neighbouring record',
      behaviour: {
        searchSingleBest: {
          golden: (record, { directory }) => {
            const all = [...directory.providers.records()];
            return all[(all.findIndex((r) => r.id === record.id) + 1) % all.length];
          },
        },
      },
    },
    {
      // A query builder that filters by State or by City, never both: a vendor's plausible slip.
      name: 'city-ignored-beside-state',
      description: 'City is not used for matching when State is also given',
      unseenBySurvey: 'the survey without --findability searches by NPI alone, never by City',
      behaviour: {
        searchSingleBest: {
          singleBest: (query, search) => {
            const { required, optional } = query;
            if (required.State === undefined && optional.State === undefined) return search.singleBest(query);
            const { City: _r, ...otherRequired } = required;
            const { City: _o, ...otherOptional } = optional;
            return search.singleBest({ required: otherRequired, optional: otherOptional });
          },
        },
      },
    },
    {
      name: 'name-parts-swapped',
      description: 'FirstName and LastName swapped in the returned Name entries',
      unseenBySurvey: 'the survey searches by NPI alone, which a swapped name does not contradict',
      behaviour: {
        searchSingleBest: {
          golden: withData((data) => {
            for (const name of (data.Name ?? []) as Record<string, unknown>[])
              [name.FirstName, name.LastName] = [name.LastName, name.FirstName];
          }).golden,
        },
      },
    },
    {
      // A query language that reads bare words, as the organization search's state-word-as-operator does.
      name: 'provider-state-word-as-operator',
      description:
        'a State of OR, IN or ME is read as an operator, not a state: the State is dropped, and an NPI answers its provider wherever the provider is',
      unseenBySuite: "the probes name no provider state whose code is also a word: explore's sweep asks each beside an NPI",
      unseenBySurvey: 'the survey asks a provider only by the states it holds, and no provider of the fixtures is in OR, IN or ME',
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required, optional }, search) => {
            const { State: state, ...rest } = required;
            return search.singleBest({ required: readAsOperator(state) ? rest : required, optional });
          },
        },
      },
    },
  ],
  'SB-AMBIGUOUS': [
    // §4.1 r4.
    {
      name: 'ambiguous-first-candidate',
      description: 'an ambiguous search returns the first candidate',
      behaviour: {
        searchSingleBest: {
          singleBest: (query, search) => {
            const result = search.singleBest(query);
            return result.kind === 'ambiguous' ? { kind: 'unique', record: result.candidates.at(0) } : result;
          },
        },
      },
    },
    {
      name: 'ambiguous-wrong-text',
      description: 'the ambiguity text reworded',
      behaviour: {
        searchSingleBest: { ambiguity: () => ({ status: 200, type: 'text/plain', body: 'Search returned multiple results.' }) },
      },
    },
    {
      name: 'ambiguous-record-and-text',
      description: 'an ambiguous search answers 200 with its first candidate, the ambiguity text added as a member',
      behaviour: {
        searchSingleBest: {
          ambiguity: (candidates) => ({ status: 200, type: JSON_TYPE, body: { ...candidates.at(0), message: AMBIGUITY_MESSAGE } }),
        },
      },
    },
    {
      // A candidate list capped before the answer is chosen: past the cap, the search reads as finding nothing.
      name: 'many-candidates-no-match',
      description: 'a query that more than 50 providers match answers as if none did, without the ambiguity text',
      unseenBySuite: "the probes' ambiguous search matches a few providers: explore's sweep asks a State alone, which hundreds share",
      behaviour: {
        searchSingleBest: {
          singleBest: (query, search) => {
            const result = search.singleBest(query);
            return result.kind === 'ambiguous' && result.candidates.length > 50 ? { kind: 'none' } : result;
          },
        },
      },
    },
    {
      name: 'ambiguous-empty-404',
      description: 'ambiguity answered 404 with an empty body',
      behaviour: { searchSingleBest: { ambiguity: () => ({ status: 404, type: 'text/plain', body: '' }) } },
    },
  ],
  'SB-NARROWING': [
    {
      name: 'narrowing-picks-first-candidate',
      description: 'City is not used, and a multiple match returns its first candidate as the best',
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required: { City: _r, ...required }, optional: { City: _o, ...optional } }, search) => {
            const result = search.singleBest({ required, optional });
            return result.kind === 'ambiguous' ? { kind: 'unique', record: result.candidates.at(0) } : result;
          },
        },
      },
    },
    {
      name: 'own-taxonomy-code-ambiguous',
      description: 'NPI plus the TaxonomyCode the record holds answers that more than one result matches',
      behaviour: {
        searchSingleBest: {
          singleBest: (query, search) => {
            const result = search.singleBest(query);
            return result.kind === 'unique' && query.required.TaxonomyCode !== undefined && query.required.NPI !== undefined
              ? { kind: 'ambiguous', candidates: { length: 2, at: () => result.record } }
              : result;
          },
        },
      },
    },
    {
      // A search that joins a provider to its taxonomies: a code two of them list meets the provider twice.
      name: 'taxonomy-code-twice-ambiguous',
      description:
        "NPI plus a TaxonomyCode that two of the record's taxonomies list answers that more than one result matches: the provider is counted once per taxonomy",
      unseenBySuite:
        "the suite asks a unique probe's record with its first taxonomy's code alone: explore's sweep asks a code a record lists twice",
      behaviour: {
        searchSingleBest: {
          singleBest: (query, search) => {
            const result = search.singleBest(query);
            const code = query.required.TaxonomyCode;
            if (result.kind !== 'unique' || code === undefined || query.required.NPI === undefined) return result;
            const listed = (result.record.data.Taxonomy ?? []).filter((t) => [t.TaxonomyCode].flat().includes(code)).length;
            return listed > 1 ? { kind: 'ambiguous', candidates: { length: listed, at: () => result.record } } : result;
          },
        },
      },
    },
    {
      // A query normalised harder than the records it is matched against: O'BRIEN searched as OBRIEN.
      name: 'apostrophe-stripped-in-query',
      description: "apostrophes are removed from the query's values, not from the records': O'BRIEN is searched as OBRIEN",
      unseenBySuite: "the probes name no provider whose own values hold an apostrophe: explore's sweep asks one",
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required, optional }, search) =>
            search.singleBest({
              required: Object.fromEntries(Object.entries(required).map(([k, v]) => [k, v.replace(/'/g, '')])),
              optional,
            }),
        },
      },
    },
    {
      // A fault written after the generator, to test it: a query read again from its decoded text, so a value ends at its first &.
      name: 'ampersand-ends-value',
      description: 'a query value ends at its first & once decoded: ALLERGY & IMMUNOLOGY is searched as ALLERGY',
      unseenBySuite:
        "the probes name no provider searched by a value that holds an &: explore's sweep asks each class of value a record holds",
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required, optional }, search) =>
            search.singleBest({
              required: Object.fromEntries(Object.entries(required).map(([k, v]) => [k, v.split('&')[0]])),
              optional,
            }),
        },
      },
    },
    {
      name: 'accents-folded-in-query',
      description: "accents are folded in the query's values, not in the records': RENÉE is searched as RENEE",
      unseenBySuite: "the probes name no provider whose own values hold an accent: explore's sweep asks one",
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required, optional }, search) =>
            search.singleBest({
              required: Object.fromEntries(
                Object.entries(required).map(([k, v]) => [k, v.normalize('NFD').replace(/[\u0300-\u036f]/g, '')]),
              ),
              optional,
            }),
        },
      },
    },
    {
      // A form decoder run on the decoded value: the + of JANE+DIRECTORY@EXAMPLE.ORG becomes a space.
      name: 'email-plus-never-matched',
      description: 'a + in an Email searched is read as a space: an address holding + matches no record, not even its own',
      unseenBySuite: "the probes name no provider whose Email holds a +: explore's sweep asks one",
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required, optional }, search) => {
            const plusAsSpace = (values: Record<string, string>) =>
              Object.fromEntries(Object.entries(values).map(([k, v]) => [k, k === 'Email' ? v.replace(/\+/g, ' ') : v]));
            return search.singleBest({ required: plusAsSpace(required), optional: plusAsSpace(optional) });
          },
        },
      },
    },
    {
      // The ambiguity decided on the names and places first, as an index of them would; Zip and Phone checked only after.
      name: 'zip-phone-narrow-too-late',
      description:
        'the ambiguity is decided before a plain Zip or Phone is applied: a query that only its Zip or Phone narrows to one provider answers that more than one result matches',
      unseenBySuite:
        "the probes narrow their ambiguous searches by City, and their unique search by Phone and LastName only contradicts its promise (a probe problem): explore's sweep narrows by Zip and by Phone",
      behaviour: {
        searchSingleBest: {
          singleBest: (query, search) => {
            const { Zip: _zip, Phone: _phone, ...named } = query.required;
            const before = search.singleBest({ required: named, optional: query.optional });
            return before.kind === 'ambiguous' ? before : search.singleBest(query);
          },
        },
      },
    },
    {
      name: 'optional-never-narrows',
      description: 'dashed parameters are dropped instead of narrowing a multiple match',
      behaviour: { searchSingleBest: { singleBest: ({ required }, search) => search.singleBest({ required, optional: {} }) } },
    },
  ],
  'SB-FINDABLE': [
    {
      // An index that serves NPI lookups alone: names reach no record.
      name: 'names-need-npi',
      description: 'a search by first and last name without an NPI answers no record',
      level: 'SHOULD',
      behaviour: {
        searchSingleBest: {
          singleBest: (query, search) => {
            const named = { ...query.optional, ...query.required };
            return named.NPI === undefined && named.FirstName !== undefined && named.LastName !== undefined
              ? { kind: 'none' }
              : search.singleBest(query);
          },
        },
      },
    },
  ],
  'SB-OPTIONAL-DASH': [
    // §4.1 r1–r2.
    {
      name: 'dash-as-required',
      description: 'dashed parameters are matched like plain ones',
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required, optional }, search) => search.singleBest({ required: { ...required, ...optional }, optional: {} }),
        },
      },
    },
    {
      name: 'dash-with-space-required',
      description: 'a dashed parameter whose value holds a space is matched like a plain one',
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required, optional }, search) => {
            const spaced = Object.fromEntries(Object.entries(optional).filter(([, v]) => v.includes(' ')));
            const rest = Object.fromEntries(Object.entries(optional).filter(([, v]) => !v.includes(' ')));
            return search.singleBest({ required: { ...required, ...spaced }, optional: rest });
          },
        },
      },
    },
    {
      name: 'dash-phone-email-required',
      description: 'Phone- and Email- are matched like plain parameters; every other dashed parameter is optional',
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required, optional: { Phone, Email, ...optional } }, search) =>
            search.singleBest({
              required: { ...required, ...(Phone === undefined ? {} : { Phone }), ...(Email === undefined ? {} : { Email }) },
              optional,
            }),
        },
      },
    },
    {
      name: 'dash-not-understood',
      description: 'State- is an unknown parameter',
      behaviour: { searchSingleBest: { dashSupported: false } },
    },
  ],
  'SB-EQUIVALENT-QUERY': [
    {
      name: 'names-read-undecoded',
      description:
        'a parser of its own decodes values and takes names as sent: a name with percent-encoded letters (%4E%50%49 for NPI) is no parameter it knows',
      unseenBySurvey: 'the survey sends names as form encoding writes them, which leaves their letters plain',
      behaviour: { http: { readQueryString: (queryString) => parseQueryString(queryString, (name) => name) } },
    },
  ],
  'SB-STRICT-PARAM': [
    {
      name: 'city-ignored',
      description: 'City is accepted but never used for matching',
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required: { City: _r, ...required }, optional: { City: _o, ...optional } }, search) =>
            search.singleBest({ required, optional }),
        },
      },
    },
    {
      name: 'taxonomy-code-ignored',
      description: 'TaxonomyCode is accepted but never used for matching',
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required: { TaxonomyCode: _r, ...required }, optional }, search) => search.singleBest({ required, optional }),
        },
      },
    },
    {
      name: 'other-identifier-ignored',
      description: 'OtherIdentifierNumber is accepted but never used for matching',
      behaviour: {
        searchSingleBest: {
          singleBest: ({ required: { OtherIdentifierNumber: _r, ...required }, optional }, search) =>
            search.singleBest({ required, optional }),
        },
      },
    },
    {
      name: 'npi-overrides-other-parameters',
      description: 'when NPI is given, every other parameter is ignored',
      behaviour: {
        searchSingleBest: {
          singleBest: (query, search) =>
            search.singleBest(query.required.NPI ? { required: { NPI: query.required.NPI }, optional: {} } : query),
        },
      },
    },
  ],
  'SB-NO-MATCH': [
    // §1: no record, no array.
    {
      name: 'no-match-empty-array',
      description: 'no match answered with []',
      behaviour: { searchSingleBest: { noMatch: () => ({ status: 200, type: JSON_TYPE, body: [] }) } },
    },
    {
      name: 'no-match-nearest-record',
      description: 'no match answered with a "nearest" record',
      behaviour: {
        searchSingleBest: {
          noMatch: () => ({
            status: 200,
            type: JSON_TYPE,
            body: { id: 'nearest-0001', data: { NPI: ['1234567893'], Name: [{ FirstName: ['NEAREST'], LastName: ['MATCH'] }] } },
          }),
        },
      },
    },
  ],
};

/**
 * One organization of a bundle judged as a record of its own (the survey counts records, not
 * pages): the bundle's shell holding that entry alone, judged by the same rules as a whole bundle.
 */
import type { Exchange } from '../../client/exchange';
import { SCHEMA } from '../../schema-validation/validator';
import { Judgement } from '../judgement';
import { PROMISED } from '../../probes/promises';
import { answeredBundle, claimsBundle, isBundle, total } from './bundle';
import { isJsonObject, type JsonObject } from '../json';
import type { EntryProblem } from '../problem';
import { entriesOf, fullUrlProblems, hasNextLink, partOfProblems } from './entries';
import { fhirR4Problems, fhirR4ResourceProblems } from './fhir-r4';
import { filterProblems } from './filters';

/** The pointer of entry 0 of a shell, and of the entry it stands for in the page. */
export const SHELL_ENTRY = '/entry/0';

/**
 * The answer as if its bundle held only `entry` (at /entry/0), or no entry at all (`entry` absent).
 * Its text is written when something reads it (the evidence of a failure): a walk makes a shell for
 * every organization it meets, and writing each one's text cost a tenth of a run's judging. The
 * entry is given, not its place: finding the place again for each of a page's entries would cost
 * the page's length each time (a bundle of a million entries, a million times).
 */
export function entryShell(exchange: Exchange, entry?: JsonObject): Exchange {
  const bundle = isJsonObject(exchange.body) ? exchange.body : {};
  const entries = entry === undefined ? [] : [entry];
  const body = { ...bundle, entry: Array.isArray(bundle.entry) || entry !== undefined ? entries : bundle.entry };
  let text: string | undefined;
  return Object.defineProperty({ ...exchange, body }, 'bodyText', { get: () => (text ??= JSON.stringify(body)), enumerable: true });
}

/** The validator's problems, or the error that kept it from reading (said as a skip, never as a finding). */
function validated(problems: () => EntryProblem[]): EntryProblem[] | Error {
  try {
    return problems();
  } catch (error) {
    return error as Error;
  }
}

/**
 * An organization search's answer as a bundle, its entries aside: a bundle at all (ORG-BUNDLE-SHAPE,
 * §2.5), its own elements by the schema, and ORG-FHIR-R4 for them. `request` says what was asked.
 */
export function judgeBundlePage(exchange: Exchange, request: string): Judgement {
  const judgement = new Judgement();
  if (!answeredBundle(judgement, 'ORG-BUNDLE-SHAPE', exchange, request)) return judgement;
  const shell = entryShell(exchange);
  judgement.schema(SCHEMA.bundle, shell.body, shell);
  // The shell holds no entry: the validator reads the bundle's own elements.
  const fhir = validated(() => fhirR4Problems(shell.body));
  if (fhir instanceof Error)
    return judgement.skip('ORG-FHIR-R4', { kind: 'validator', text: `the FHIR validator could not read the bundle (${fhir.message})` });
  return judgement.problems('ORG-FHIR-R4', fhir, shell, 'a FHIR R4 validator (FHIR.js) finds errors in the bundle (§2.5, FHIR R4)');
}

/**
 * One organization (`entryShell(exchange, entry)`): ORG-ENTRY-SHAPE, ORG-SEARCH-MODE and
 * ORG-RESOURCE-SHAPE by the schema, ORG-PARTOF and ORG-FHIR-R4. The shell's bundle-level checks are
 * the page's, judged by judgeBundleShell; the search that found it, judgeEntryMatch.
 */
export function judgeEntryRecord(shell: Exchange): Judgement {
  // The schema's requirements of the entry alone: the bundle's own elements are the page's (ORG-BUNDLE-SHAPE).
  const judgement = new Judgement().schema(SCHEMA.bundle, shell.body, shell).withoutRequirement('ORG-BUNDLE-SHAPE');
  judgement.problems('ORG-ENTRY-SHAPE', fullUrlProblems(shell.body), shell, "fullUrl does not name the entry's organization (§2.5)");
  judgement.problems('ORG-PARTOF', partOfProblems(shell.body), shell, 'partOf does not resolve to a contained organization (§2.5)');
  // The resource alone: the shell's bundle-level elements are the page's, validated once by judgeBundleShell.
  const resource = entriesOf(shell.body)[0]?.resource;
  const fhir = validated(() => (isJsonObject(resource) ? fhirR4ResourceProblems(resource, `${SHELL_ENTRY}/resource`) : []));
  if (fhir instanceof Error)
    return judgement.skip('ORG-FHIR-R4', {
      kind: 'validator',
      text: `the FHIR validator could not read the organization (${fhir.message})`,
    });
  return judgement.problems('ORG-FHIR-R4', fhir, shell, 'a FHIR R4 validator (FHIR.js) finds errors in the organization (§2.5, FHIR R4)');
}

/** ORG-FILTERS for one organization (`entryShell(exchange, entry)`) against the search that found it (§4.3). */
export function judgeEntryMatch(shell: Exchange, query: Record<string, string>): Judgement {
  return new Judgement().problems(
    'ORG-FILTERS',
    filterProblems(shell.body, query),
    shell,
    `the organization does not match ${JSON.stringify(query)}`,
  );
}

/**
 * A search's answer, whole: the bundle's own rules (judgeBundlePage) and every organization's
 * (judgeEntryRecord, each at its place in the bundle): the same rules, once each, that the survey
 * applies page by page and organization by organization. `request` says what was asked.
 */
export function judgeSearchPage(exchange: Exchange, request: string): Judgement {
  const judgement = judgeBundlePage(exchange, request);
  if (!isBundle(exchange)) return judgement;
  entriesOf(exchange.body).forEach((entry, index) => judgement.add(judgedEntry(exchange, entry, index)));
  return judgement;
}

/**
 * The entries judged clean before, by their text. Searches meet the same organizations again and
 * again (a search asked with each Count, its pages, the same search by every driver), and an entry's
 * judgement depends on the entry alone: the schema gives the bundle's own elements to
 * ORG-BUNDLE-SHAPE, which the page's judgement holds. A clean judgement carries no evidence, so it
 * is reused as it is; any other is made afresh, with the evidence of its own answer. Two
 * generations, as the FHIR validator's memory: a few megabytes at most.
 */
let cleanEntries = new Map<string, Judgement>();
let cleanEntriesBefore = new Map<string, Judgement>();
const CLEAN_ENTRIES_PER_GENERATION = 5_000;

function judgedEntry(exchange: Exchange, entry: JsonObject, index: number): Judgement {
  const key = JSON.stringify(entry);
  const known = cleanEntries.get(key) ?? cleanEntriesBefore.get(key);
  if (known) return known;
  const judged = judgeEntryRecord(entryShell(exchange, entry));
  if (!judged.clean) return judged.relocated(SHELL_ENTRY, `/entry/${index}`);
  if (cleanEntries.size >= CLEAN_ENTRIES_PER_GENERATION) {
    cleanEntriesBefore = cleanEntries;
    cleanEntries = new Map();
  }
  cleanEntries.set(key, judged);
  return judged;
}

/**
 * A search the probes promise matches: a bundle at all (an answer that claims to be one is judged
 * whole as every answer is, judgeAnswer; one that does not is judged here as the bundle it must be).
 * No entry at all contradicts the probe, unless an answer of the run showed an organization carrying
 * exactly the values searched (`carriedBy`, in words: carriedValues): then the service is wrong
 * (ORG-FINDABLE), where the answer shows it holds every match (no total above 0, no next link).
 */
export function judgeSearchBundle(probe: string, exchange: Exchange, carriedBy?: string): Judgement {
  const judgement = claimsBundle(exchange) ? new Judgement() : judgeBundlePage(exchange, 'a search that matches');
  if (!isBundle(exchange)) return judgement;
  const entries = entriesOf(exchange.body);
  const count = total(exchange);
  if (entries.length === 0 && carriedBy !== undefined && !hasNextLink(exchange.body) && !(typeof count === 'number' && count > 0))
    return judgement.problems(
      'ORG-FINDABLE',
      [`the search answered ${exchange.status} with a bundle of no entry (total ${JSON.stringify(count)}), though ${carriedBy}`],
      exchange,
      'a search by values an organization carries does not return it (§4.3: return all organization records matching the query parameters)',
    );
  if (entries.length === 0)
    judgement.probeProblem(
      {
        probe,
        promised: PROMISED.searches,
        observed: `the service answered ${exchange.status} with a bundle of no entry (total ${JSON.stringify(total(exchange))})`,
      },
      exchange,
    );
  return judgement;
}

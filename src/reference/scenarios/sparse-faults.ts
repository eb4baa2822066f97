/**
 * Sparse data faults: a fraction of the records broken, not all, as a real directory is. The
 * conformance run's probes may never meet one; the survey, which judges every record, must count
 * each exactly and trace the provider fault to the source dataset that brings it.
 */
import { MAX_COUNT, PAGE_SIZE } from '../../spec/constants';
import type { GoldenProviderRecord, SourceRecord } from '../../types/schemas';
import type { ProviderIndex, ProviderQuery, SingleBestResult } from '../provider-index';
import { inMemory } from '../stored-records';
import type { ScenarioContext } from './behaviour';
import { CONTACT_DIRECTORY } from './faults/source-records';
import type { Fault } from './scenario';
import { eachValue, withData, withEntries } from './transforms';

/** The source dataset whose feed writes phones with dashes: the contact directory. */
export const DASHED_PHONE_SOURCE = CONTACT_DIRECTORY;

/** About one provider in `every` (50, or 25 for the fault that doubles it): the last four hex digits of the curated ID, a multiple of it. */
export const hasDashedPhoneSource = (curatedId: string, every = 50) => parseInt(curatedId.slice(-4), 16) % every === 0;

/**
 * About one provider in 25 (the last four hex digits of the curated ID, 1 more than a multiple of
 * 25): the records a search index built before they were added does not hold.
 */
export const missingFromSearchIndex = (curatedId: string) => parseInt(curatedId.slice(-4), 16) % 25 === 1;

/**
 * §4.1 through a search index that lags the store: a search by the NPI alone reads the store and
 * finds every provider; a search by any other parameter (the NPI narrowed by a plain one included)
 * reads the index, which misses about one provider in 25. Optional (dashed) parameters narrow as
 * §4.1 r2–r4 say, among the providers the index holds.
 */
function singleBestThroughLaggingIndex(query: ProviderQuery, search: ProviderIndex): SingleBestResult {
  if (Object.keys(query.required).every((parameter) => parameter === 'NPI')) return search.singleBest(query);
  const indexed = (parameters: ProviderQuery['required']) => search.matching(parameters).filter((r) => !missingFromSearchIndex(r.id));
  const candidates = indexed(query.required);
  if (candidates.length === 0) return { kind: 'none' };
  if (candidates.length === 1) return { kind: 'unique', record: candidates[0] };
  const narrowed = Object.keys(query.optional).length === 0 ? [] : indexed({ ...query.required, ...query.optional });
  return narrowed.length === 1 ? { kind: 'unique', record: narrowed[0] } : { kind: 'ambiguous', candidates: inMemory(candidates) };
}

/** Every 37th organization: the generator numbers them in the last six digits of the id. */
export const hasPunctuatedTelecom = (organizationId: string) => Number(organizationId.slice(-6)) % 37 === 0;

const dashed = (phone: string) => (/^\d{10}$/.test(phone) ? `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` : phone);
const punctuated = (phone: string) => (/^\d{10}$/.test(phone) ? `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` : phone);

/** Phone and AddressPhone values of a provider's data. */
export function phonesOf(data: Record<string, unknown>): string[] {
  const found: string[] = [];
  eachValue(data, 'Phone', (v) => (found.push(v), v));
  eachValue(data, 'AddressPhone', (v) => (found.push(v), v));
  return found;
}

const dashPhones = withData((data) => {
  eachValue(data, 'Phone', dashed);
  eachValue(data, 'AddressPhone', dashed);
});

/** The feed's records of a provider with its phones dashed. */
function sourcesWithDashes(records: readonly SourceRecord[], curatedId: string, every: number): SourceRecord[] {
  if (!hasDashedPhoneSource(curatedId, every)) return [...records];
  return records.map((record) => (record.index === DASHED_PHONE_SOURCE ? dashPhones.sources([record])[0] : record));
}

/** The golden record shows the feed's dashed phones where it took them from the feed (§2.4: values side by side). */
function goldenWithDashes(record: GoldenProviderRecord, context: ScenarioContext, every: number): GoldenProviderRecord {
  if (!hasDashedPhoneSource(record.id, every)) return record;
  const fromFeed = new Set(
    (context.directory.sourceRecords.get(record.id) ?? [])
      .filter((s) => s.index === DASHED_PHONE_SOURCE)
      .flatMap((s) => phonesOf(s.data as Record<string, unknown>)),
  );
  return withData((data) => {
    const change = (v: string) => (fromFeed.has(v) ? dashed(v) : v);
    eachValue(data, 'Phone', change);
    eachValue(data, 'AddressPhone', change);
  }).golden(record);
}

/** The dashed-phone fault for one provider in `every`. */
const dashedPhoneFault = (name: string, every: number): Fault => ({
  name,
  description: `about one provider in ${every} has phones written 614-555-1234 by its ${DASHED_PHONE_SOURCE} source, and so in its golden record (§2.3 r6)`,
  targets: 'DATA-FORMATS',
  behaviour: {
    searchSingleBest: { golden: (record, context) => goldenWithDashes(record, context, every) },
    sourceRecords: { sources: (records, _context, curatedId) => sourcesWithDashes(records, curatedId, every) },
  },
});

export const SPARSE_FAULTS: readonly Fault[] = [
  {
    name: 'sparse-provider-search-index-lags',
    description:
      'about one provider in 25 is missing from the search index: found by its NPI alone, by nothing else, not even its NPI narrowed by its own city (§4.1 r3)',
    targets: 'SB-NARROWING',
    behaviour: { searchSingleBest: { singleBest: singleBestThroughLaggingIndex } },
  },
  dashedPhoneFault('sparse-source-dashed-phone', 50),
  // Twice as many providers (every multiple of 50 is one of 25): a feed that got worse, for the history's rate gate.
  dashedPhoneFault('sparse-source-dashed-phone-doubled', 25),
  {
    // A search index of its own for names, built with another page size: a state walk never shows it.
    name: 'sparse-name-search-pages-by-20',
    description: 'a search by name pages by 20 under Page alone; every other search by 25 (§4.3, §8)',
    targets: 'ORG-PAGE',
    behaviour: {
      organization: {
        paging: (count, page = 1, _matches, filters) => {
          const size = Math.min(count ?? (filters?.name === undefined ? PAGE_SIZE : 20), MAX_COUNT);
          return { start: (page - 1) * size, size, page };
        },
      },
    },
  },
  {
    name: 'sparse-organization-telecom-punctuated',
    description: 'every 37th organization has telecom values written (614) 555-1234 (§2.5: digits only)',
    targets: 'ORG-RESOURCE-SHAPE',
    behaviour: {
      organization: {
        bundle: withEntries((entry) => {
          const resource = entry.resource as { id?: string; telecom?: { value?: string }[] };
          if (!resource.id || !hasPunctuatedTelecom(resource.id)) return;
          for (const telecom of resource.telecom ?? []) if (telecom.value) telecom.value = punctuated(telecom.value);
        }),
      },
    },
  },
];

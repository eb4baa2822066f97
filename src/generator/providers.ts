import type { ProviderAddress, ProviderData, ProviderName, ProviderTaxonomy, SourceRecord } from '../types/schemas';
import { type CalendarDate, type DateFormat, addYears, formatDate, isoDate } from './dates';
import { makeDea, makeNpi } from '../domain/identifiers';
import { mergeSourceData } from './merge';
import type { ProviderFixture } from '../reference/fixture-files';
import { Random } from './random';
import type { DataShapes } from './shapes';
import {
  CARRIERS,
  type City,
  EMAIL_DOMAINS,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  MEDICAID_AGENCIES,
  NAME_PREFIXES,
  NAME_SUFFIXES,
  type State,
  STATES,
  STREET_NAMES,
  STREET_SUFFIXES,
  SUITE_PREFIXES,
  TAXONOMIES,
  type TaxonomyEntry,
} from './vocabulary';

/** The four source datasets of §2.2, by the `index` value their records carry. */
export const SOURCE_INDEX = {
  providerRegistry: 'nppes',
  drugRegistry: 'dea',
  contactDirectory: 'contact_directory',
  physicianRoster: 'physician_roster',
} as const;

interface Location {
  state: State;
  city: City;
  line1: string;
  line2: string;
  zip9: string;
  phone: string;
  fax: string;
}

/** One invented practitioner, from which every source record about them is written. */
interface Person {
  gender: 'M' | 'F';
  first: string;
  middle: string;
  last: string;
  suffix: string;
  credential: string;
  taxonomies: TaxonomyEntry[];
  licenses: string[];
  npi: string;
  practice: Location;
  mailingLine1: string;
  email: string;
  enumerated: CalendarDate;
  updated: CalendarDate;
  licensed: CalendarDate;
}

function randomDate(rng: Random, fromYear: number, toYear: number): CalendarDate {
  return { year: rng.int(fromYear, toYear), month: rng.int(1, 12), day: rng.int(1, 28) };
}

function phoneIn(rng: Random, city: City): string {
  return `${city.areaCode}${rng.int(2, 9)}${rng.digits(6)}`;
}

function randomLocation(rng: Random, state: State, city: City): Location {
  const street = `${rng.int(10, 9899)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
  return {
    state,
    city,
    line1: street,
    line2: rng.chance(0.5) ? `${rng.pick(SUITE_PREFIXES)} ${rng.int(100, 899)}` : '',
    zip9: `${city.zip3}${rng.digits(2)}${rng.digits(4)}`,
    phone: phoneIn(rng, city),
    fax: rng.chance(0.6) ? phoneIn(rng, city) : '',
  };
}

function fullAddress(line1: string, line2: string, location: Location, zip: string): string {
  const street = line2 ? `${line1} ${line2}` : line1;
  return `${street}, ${location.city.name}, ${location.state.code} ${zip}`;
}

/** Letter case varies between records for coded words (§2.4 "case varies"). */
function someCase(rng: Random, word: string): string {
  return rng.pick([word.toLowerCase(), word.toUpperCase(), word[0].toUpperCase() + word.slice(1).toLowerCase()]);
}

function newPerson(rng: Random, npiBase: number, previous: readonly Person[], shapes?: DataShapes): Person {
  const gender = rng.chance(0.5) ? 'F' : 'M';
  const taxonomy = rng.pick(TAXONOMIES);
  const taxonomies = rng.chance(0.2) ? [taxonomy, rng.pick(TAXONOMIES.filter((t) => t.code !== taxonomy.code))] : [taxonomy];
  let first: string = rng.pick(gender === 'F' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  let last: string = rng.pick(LAST_NAMES);
  if (shapes) {
    first = shapes.firstName(first);
    last = shapes.lastName(last);
  }
  let state = rng.pick(STATES);
  let city = rng.pick(state.cities);
  // Name collisions (same first and last name, same state, another city) make ambiguous searches exist.
  const namesake = previous.length > 20 && rng.chance(0.12) ? rng.pick(previous) : undefined;
  if (namesake) {
    first = namesake.first;
    last = namesake.last;
    state = namesake.practice.state;
    city = rng.pick(state.cities.filter((c) => c.name !== namesake.practice.city.name));
  }
  const practice = randomLocation(rng, state, city);
  const enumerated = randomDate(rng, 2005, 2020);
  return {
    gender: namesake ? namesake.gender : gender,
    first,
    middle: rng.chance(0.7) ? String.fromCharCode(65 + rng.int(0, 25)) : '',
    last,
    suffix: rng.chance(0.06) ? rng.pick(NAME_SUFFIXES) : '',
    credential: rng.pick(taxonomy.credentials),
    taxonomies,
    licenses: taxonomies.map(() => `${state.code}${rng.digits(rng.int(5, 8))}`),
    npi: makeNpi(String(npiBase)),
    practice,
    mailingLine1: rng.chance(0.3) ? `PO BOX ${rng.int(100, 99999)}` : practice.line1,
    email: emailOf(rng, first, last, shapes),
    enumerated,
    updated: randomDate(rng, Math.max(enumerated.year, 2019), 2025),
    licensed: randomDate(rng, 1995, enumerated.year),
  };
}

/** An e-mail address from the main stream's draws (a number, a domain), shaped where the directory has shapes. */
function emailOf(rng: Random, first: string, last: string, shapes?: DataShapes): string {
  const number = rng.int(1, 99);
  const domain = rng.pick(EMAIL_DOMAINS);
  const local = shapes ? shapes.emailLocal(first, last, number) : `${first[0].toLowerCase()}${last.toLowerCase()}${number}`;
  return `${local}@${domain}`;
}

function taxonomyObject(rng: Random, person: Person, index: number, dateFormat: DateFormat): ProviderTaxonomy {
  const entry = person.taxonomies[index];
  return {
    TaxonomyCode: [entry.code],
    TaxonomyDescription: [entry.description],
    TaxonomyGroup: rng.chance(0.7) ? [entry.group] : [''],
    TaxonomyLicense: [person.licenses[index]],
    TaxonomyLicenseType: [person.credential],
    TaxonomyLicenseDate: [formatDate(person.licensed, dateFormat)],
    TaxonomyExpirationDate: [formatDate(addYears(person.updated, 2), dateFormat)],
    TaxonomyState: [person.practice.state.code],
    TaxonomySwitch: [index === 0 ? 'true' : 'false'],
  };
}

/** An NPPES record's mailing address and practice location (§2.4 Address), drawn in that order. */
function nppesAddresses(rng: Random, person: Person, zip: string): [ProviderAddress, ProviderAddress] {
  const { practice } = person;
  const mailing: ProviderAddress = {
    AddressLine1: [person.mailingLine1],
    AddressLine2: [person.mailingLine1 === practice.line1 ? practice.line2 : ''],
    City: [practice.city.name],
    AddressState: [practice.state.code],
    Zip: [zip],
    CountryCode: ['US'],
    AddressPhone: [practice.phone],
    FaxPhoneNumber: [practice.fax],
    AddressType: [someCase(rng, 'mailing')],
  };
  const location: ProviderAddress = {
    AddressLine1: [practice.line1],
    AddressLine2: [practice.line2],
    City: [practice.city.name],
    AddressState: [practice.state.code],
    Zip: [zip],
    County: [practice.city.county],
    CountryCode: ['US'],
    AddressPhone: [practice.phone],
    FaxPhoneNumber: [practice.fax],
    AddressType: [rng.pick(['practice location', 'PRACTICE LOCATION'])],
  };
  return [mailing, location];
}

function nppesRecord(rng: Random, person: Person): ProviderData {
  const { practice } = person;
  const zip = rng.chance(0.7) ? practice.zip9 : practice.zip9.slice(0, 5);
  const [mailing, location] = nppesAddresses(rng, person, zip);
  const names: ProviderName[] = [
    {
      Prefix: [rng.pick(NAME_PREFIXES)],
      FirstName: [person.first],
      MiddleName: [person.middle],
      LastName: [person.last],
      Suffix: [person.suffix],
      Credential: [person.credential],
      NameType: [someCase(rng, 'primary')],
    },
  ];
  const data: ProviderData = {
    NPI: [person.npi],
    ReplacementNPI: [''],
    NPPESEntityType: [someCase(rng, 'individual')],
    EmployerIdentificationNumber: [''],
    FullName: [[person.first, person.middle, person.last, person.suffix].filter(Boolean).join(' ')],
    Gender: [person.gender],
    IsSoleProprietor: [rng.chance(0.25) ? 'Y' : 'N'],
    IsOrganizationSubpart: [''],
    CertificationDate: rng.chance(0.8) ? [formatDate(person.updated, 'MM/DD/YYYY')] : [],
    FullAddress: [
      ...new Set([
        fullAddress(person.mailingLine1, mailing.AddressLine2![0], practice, zip),
        fullAddress(practice.line1, practice.line2, practice, zip),
      ]),
    ],
    State: [practice.state.code],
    Phone: [practice.phone],
    Address: [mailing, location],
    Name: names,
    ProviderEnumerationDate: [formatDate(person.enumerated, 'MM/DD/YYYY')],
    LastUpdateDate: [formatDate(person.updated, 'MM/DD/YYYY')],
    NPIDeactivationCode: [''],
    NPIDeactivationDate: [],
    NPIReactivationDate: [],
    Taxonomy: person.taxonomies.map((_, i) => taxonomyObject(rng, person, i, 'MM/DD/YYYY')),
    IdentityDataSource: 'NPPES',
    SystemCreationDate: `${isoDate(person.updated)}T0${rng.int(1, 9)}:${rng.int(10, 59)}:00Z`,
    SourceFilename: `npidata_pfile_${formatDate(person.updated, 'YYYYMMDD')}.csv`,
  };
  if (rng.chance(0.35)) {
    data.OtherIdentifiers = [
      {
        OtherIdentifierType: [rng.pick(MEDICAID_AGENCIES)],
        OtherIdentifierNumber: [rng.digits(rng.int(7, 10))],
        OtherIdentifierState: [practice.state.code],
        OtherIdentifierIssuer: [''],
      },
    ];
  }
  if (rng.chance(0.08)) {
    names.push({ FirstName: [person.first], LastName: [rng.pick(LAST_NAMES)], NameType: [someCase(rng, 'other')] });
  }
  return data;
}

function deaRecord(rng: Random, person: Person): ProviderData {
  const { practice } = person;
  // The registrant's initial is a letter of A–Z: an accent or an apostrophe in the last name is left out.
  const dea = makeDea(person.taxonomies[0].deaLetter, person.last.normalize('NFKD').replace(/[^A-Za-z]/g, '') || 'X', rng.digits(6));
  // Some drug-registry extracts write dates as YYYYMMDD and spell the registration key differently (§2.3 rules 4, 5).
  const dateFormat: DateFormat = rng.chance(0.5) ? 'YYYYMMDD' : 'MM/DD/YYYY';
  const registrationKey = rng.chance(0.5) ? 'DEADateofOriginalRegistration' : 'DEADateOfOriginalRegistration';
  const zip = practice.zip9.slice(0, 5);
  return {
    NPI: [person.npi],
    DEALookup: [dea],
    DEAInput: [dea],
    DEADrugSchedules: rng.pick([
      ['2', '2N', '3', '3N', '4', '5'],
      ['2', '3', '4', '5'],
      ['3', '4', '5'],
    ]),
    DEAExpirationDate: [formatDate(randomDate(rng, 2026, 2028), dateFormat)],
    [registrationKey]: [formatDate(person.licensed, dateFormat)],
    DEABusinessActivityCode: [person.taxonomies[0].deaLetter === 'M' ? 'M' : 'C'],
    StateCSNumber: rng.chance(0.5) ? [`CS${rng.digits(7)}`] : [''],
    OrgDEA: [''],
    OrgNPI: [''],
    Name: [
      {
        FirstName: [person.first],
        MiddleName: [person.middle],
        LastName: [person.last],
        Credential: [person.credential],
        NameType: [someCase(rng, 'primary')],
      },
    ],
    Address: [
      {
        AddressLine1: [practice.line1],
        AddressLine2: [practice.line2],
        City: [practice.city.name],
        AddressState: [practice.state.code],
        Zip: [zip],
        AddressType: [someCase(rng, 'business practice')],
      },
    ],
    FullAddress: [fullAddress(practice.line1, practice.line2, practice, zip)],
    State: [practice.state.code],
    IdentityDataSource: 'DEA',
    SourceFilename: `dea_registrants_${formatDate(person.updated, 'YYYYMMDD')}.txt`,
  };
}

function contactRecord(rng: Random, person: Person): ProviderData {
  const { practice } = person;
  // Contact directories often hold a direct line beside the practice phone, so golden records carry two.
  const phone = rng.chance(0.4) ? phoneIn(rng, practice.city) : practice.phone;
  const address: ProviderAddress[] = [
    {
      AddressLine1: [practice.line1],
      AddressLine2: [practice.line2],
      City: [practice.city.name],
      AddressState: [practice.state.code],
      Zip: [rng.chance(0.5) ? practice.zip9 : practice.zip9.slice(0, 5)],
      Country: ['US'],
      AddressType: [someCase(rng, rng.pick(['practice', 'public']))],
    },
  ];
  if (rng.chance(0.3)) address.push({});
  return {
    NPI: rng.chance(0.85) ? [person.npi] : [''],
    ContactId: [`003${rng.hex(12).toUpperCase()}`],
    PersonId: [rng.digits(9)],
    AccountId: [`001${rng.hex(12).toUpperCase()}`],
    AccountType: [rng.pick(['Practice', 'Health System', 'Group'])],
    ParentAccount: rng.chance(0.5) ? [`001${rng.hex(12).toUpperCase()}`] : [''],
    SourceCode: [rng.pick(['CRM', 'PORTAL', 'CREDENTIALING'])],
    AssigningAuthorityCode: [rng.pick(['NPI', 'CAQH', ''])],
    Email: rng.chance(0.85) ? [person.email] : [],
    Phone: [phone],
    Name: [{ FirstName: [person.first], LastName: [person.last], Credentials: [person.credential], NameType: [someCase(rng, 'primary')] }],
    Address: address,
    FullAddress: [fullAddress(practice.line1, practice.line2, practice, practice.zip9.slice(0, 5))],
    State: [practice.state.code],
    LastUpdateDate: [formatDate(person.updated, 'M/D/YYYY')],
    IdentityDataSource: 'CONTACT_DIRECTORY',
    SystemCreationDate: `${isoDate(person.enumerated)}T12:00:00Z`,
  };
}

function rosterRecord(rng: Random, person: Person): ProviderData {
  return {
    NPI: [person.npi],
    Status: ['A'],
    BoardCertified: [rng.chance(0.8) ? 'Y' : 'N'],
    AcceptMedicaid: [rng.chance(0.6) ? 'Y' : 'N'],
    Discipline: [rng.chance(0.05) ? 'Y' : 'N'],
    Carrier: [...new Set([rng.pick(CARRIERS), rng.pick(CARRIERS)])],
    PublicName: [`DR. ${person.first} ${person.last}`],
    Name: [
      { FirstName: [person.first], LastName: [person.last], Credential: [person.credential], NameType: [someCase(rng, 'authorized')] },
    ],
    Taxonomy: [
      { TaxonomyCode: [person.taxonomies[0].code], TaxonomyDescription: [person.taxonomies[0].description], TaxonomySwitch: ['true'] },
    ],
    Phone: [person.practice.phone],
    State: [person.practice.state.code],
    IdentityDataSource: 'PHYSICIAN_ROSTER',
    SourceFilename: `roster_${person.practice.state.code.toLowerCase()}_${formatDate(person.updated, 'YYYYMMDD')}.xlsx`,
  };
}

function sourceRecords(rng: Random, person: Person): SourceRecord[] {
  const record = (index: string, data: ProviderData): SourceRecord => ({ id: rng.hex(24), index, data });
  const records = [record(SOURCE_INDEX.providerRegistry, nppesRecord(rng, person))];
  const prescriber = person.taxonomies[0].deaLetter !== 'M' || rng.chance(0.5);
  if (prescriber && rng.chance(0.7)) records.push(record(SOURCE_INDEX.drugRegistry, deaRecord(rng, person)));
  const contacts = rng.weighted([
    [0, 2],
    [1, 4],
    [2, 3],
    [3, 1],
  ] as const);
  for (let i = 0; i < contacts; i++) records.push(record(SOURCE_INDEX.contactDirectory, contactRecord(rng, person)));
  if (rng.chance(0.65) || records.length === 1) records.push(record(SOURCE_INDEX.physicianRoster, rosterRecord(rng, person)));
  return records.slice(0, 6);
}

/**
 * Golden providers, each the merge of 2–6 source records across the four datasets; with `shapes`,
 * names, e-mail addresses and curated IDs of the shapes real directories hold (shapes.ts).
 */
export function generateProviders(rng: Random, count: number, shapes?: DataShapes): ProviderFixture[] {
  const people: Person[] = [];
  const fixtures: ProviderFixture[] = [];
  // NPIs are drawn without repeats from a shuffled-looking arithmetic walk over the 9-digit base range.
  const step = 7919;
  let npiBase = 100_000_000 + rng.int(0, 50_000_000);
  for (let i = 0; i < count; i++) {
    npiBase += step + rng.int(0, 500);
    const person = newPerson(rng, npiBase, people, shapes);
    people.push(person);
    const sources = sourceRecords(rng, person);
    const id = rng.hex(24);
    fixtures.push({ golden: { id: shapes ? shapes.curatedId(id, i) : id, data: mergeSourceData(sources.map((s) => s.data)) }, sources });
  }
  return fixtures;
}

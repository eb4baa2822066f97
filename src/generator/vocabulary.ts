/**
 * The word lists in vocabulary.json, typed. The lists are data so that they can be read and edited as data;
 * this module only names their shapes and turns weight tables into the tuples `Random.weighted` takes.
 */
import vocabulary from './vocabulary.json';

export interface City {
  name: string;
  county: string;
  /** First three digits of the city's zip codes. */
  zip3: string;
  areaCode: string;
}

export interface State {
  code: string;
  name: string;
  cities: City[];
}

export interface TaxonomyEntry {
  code: string;
  description: string;
  group: string;
  /** Credentials that fit this specialty, with the DEA registrant letter (A/B/F for practitioners, M for mid-levels). */
  credentials: readonly string[];
  deaLetter: string;
}

type Weighted = readonly (readonly [string, number])[];
const weights = (table: Record<string, number>): Weighted => Object.entries(table);

export const FEMALE_FIRST_NAMES: readonly string[] = vocabulary.femaleFirstNames;
export const MALE_FIRST_NAMES: readonly string[] = vocabulary.maleFirstNames;
export const LAST_NAMES: readonly string[] = vocabulary.lastNames;
export const STATES: readonly State[] = vocabulary.states;
export const STREET_NAMES: readonly string[] = vocabulary.streetNames;
export const STREET_SUFFIXES: readonly string[] = vocabulary.streetSuffixes;
export const SUITE_PREFIXES: readonly string[] = vocabulary.suitePrefixes;
/** A sample of real NUCC taxonomy codes with their display names. */
export const TAXONOMIES: readonly TaxonomyEntry[] = vocabulary.taxonomies;
export const NAME_PREFIXES: readonly string[] = vocabulary.namePrefixes;
export const NAME_SUFFIXES: readonly string[] = vocabulary.nameSuffixes;
export const MEDICAID_AGENCIES: readonly string[] = vocabulary.medicaidAgencies;
export const CARRIERS: readonly string[] = vocabulary.carriers;
export const EMAIL_DOMAINS: readonly string[] = vocabulary.emailDomains;
/** Organization naming: most names carry MEDICAL so that one word matches more than 1000 of them. */
export const ORGANIZATION_KINDS = weights(vocabulary.organizationKinds);
export const ORGANIZATION_QUALIFIERS: readonly string[] = vocabulary.organizationQualifiers;
/** Organization type labels (§2.5 `type[].text`), weighted. */
export const ORGANIZATION_TYPES = weights(vocabulary.organizationTypes);
export const PARENT_SYSTEMS: readonly string[] = vocabulary.parentSystems;
/** Names of the shapes real directories hold: several words, particles, apostrophes, hyphens, accents. */
export const SEVERAL_WORD_LAST_NAMES: readonly string[] = vocabulary.severalWordLastNames;
export const SEVERAL_WORD_FIRST_NAMES: readonly string[] = vocabulary.severalWordFirstNames;
/** Names many organizations share, as the sites of one chain do. */
export const CHAIN_NAMES: readonly string[] = vocabulary.chainNames;

/**
 * What real directories hold that plain word lists do not: last names of several words and with
 * particles (VAN DER BERG, ST. JOHN, O'BRIEN), first names of two (ANA LUCÍA), accents, a suffix
 * written into the last name, e-mail addresses with `+`, organization names a chain shares, and
 * identifiers of other forms (reserved characters among them). Drawn from a stream of its own, so
 * that a directory with these shapes holds the same providers and organizations, NPIs and places
 * as one without: only names, e-mail addresses and identifiers differ.
 */
import { Random } from './random';
import { CHAIN_NAMES, NAME_SUFFIXES, SEVERAL_WORD_FIRST_NAMES, SEVERAL_WORD_LAST_NAMES } from './vocabulary';

/** How golden records' curated IDs are written: the reference's 24 hex digits, a UUID, a prefixed number, or with characters a URL path must escape. */
export const CURATED_ID_FORMS = ['hex', 'uuid', 'prefixed', 'reserved'] as const;
/** How organization ids are written (FHIR ids: letters, digits, `-` and `.`, at most 64). */
export const ORGANIZATION_ID_FORMS = ['hex', 'uuid', 'numeric', 'dotted'] as const;

export interface ShapeOptions {
  curatedIds: (typeof CURATED_ID_FORMS)[number];
  organizationIds: (typeof ORGANIZATION_ID_FORMS)[number];
  /** A state most organizations are in (this share of them), as in a regional directory: more than 1000 in one state. */
  crowded?: { state: string; share: number };
}

export class DataShapes {
  private readonly rng: Random;

  constructor(
    seed: number,
    readonly options: ShapeOptions = { curatedIds: 'hex', organizationIds: 'hex' },
  ) {
    this.rng = new Random(seed);
  }

  /** A first name as drawn, or one of two words or with an accent. */
  firstName(drawn: string): string {
    return this.rng.chance(0.08) ? this.rng.pick(SEVERAL_WORD_FIRST_NAMES) : drawn;
  }

  /** A last name as drawn, or one of several words, with a particle, an apostrophe, a hyphen or an accent, or with a suffix written into it. */
  lastName(drawn: string): string {
    if (this.rng.chance(0.12)) return this.rng.pick(SEVERAL_WORD_LAST_NAMES);
    return this.rng.chance(0.03) ? `${drawn} ${this.rng.pick(NAME_SUFFIXES)}` : drawn;
  }

  /** An e-mail address's local part: initial and last name in ASCII letters, sometimes with a `+tag`. */
  emailLocal(first: string, last: string, number: number): string {
    const ascii = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase();
    const local = `${ascii(first).slice(0, 1)}${ascii(last)}${number}`;
    return this.rng.chance(0.1) ? `${local}+directory` : local;
  }

  /** An organization's name as composed, or the name a chain's sites share: the first chain has the most sites (more than 25 in a directory of 1,500). */
  organizationName(composed: string): string {
    if (!this.rng.chance(0.06)) return composed;
    return this.rng.chance(0.4) ? CHAIN_NAMES[0] : this.rng.pick(CHAIN_NAMES);
  }

  /** The state of an organization: as drawn, or the crowded state of a regional directory. */
  organizationState<S extends { code: string }>(drawn: S, states: readonly S[]): S {
    const { crowded } = this.options;
    if (!crowded || !this.rng.chance(crowded.share)) return drawn;
    return states.find((state) => state.code === crowded.state) ?? drawn;
  }

  /** A golden record's curated ID, the `index`-th of the directory, in the directory's form; `hex` the reference's. */
  curatedId(hex: string, index: number): string {
    switch (this.options.curatedIds) {
      case 'hex':
        return hex;
      case 'uuid':
        return this.rng.uuid();
      case 'prefixed':
        return `MDM-${String(index).padStart(8, '0')}`;
      case 'reserved':
        return `mdm:prov/${String(index).padStart(6, '0')}+${hex.slice(0, 4)}=`;
    }
  }

  /** An organization's id, the `index`-th of the directory, in the directory's form; `reference` the reference's. */
  organizationId(reference: string, index: number): string {
    switch (this.options.organizationIds) {
      case 'hex':
        return reference;
      case 'uuid':
        return this.rng.uuid();
      case 'numeric':
        return String(100000 + index);
      case 'dotted':
        return `org.${reference.slice(0, 4)}.${index}`;
    }
  }
}

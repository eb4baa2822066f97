/** Organization rules the bundle schema cannot state: cross-field references and filter agreement. */

import { isJsonObject, type JsonObject as Json, objectsIn as objects, textOf as text } from './json';
import type { EntryProblem } from './problem';
import { serviceText } from './service-text';

export type { EntryProblem } from './problem';

export function entriesOf(bundle: unknown): Json[] {
  return objects((bundle as Json | null)?.entry);
}

function resourceOf(entry: Json): Json {
  return isJsonObject(entry.resource) ? entry.resource : {};
}

/** ORG-ENTRY-SHAPE: fullUrl is /Organization/<resource.id>, or an absolute URL ending so (§2.5). */
export function fullUrlProblems(bundle: unknown): EntryProblem[] {
  return entriesOf(bundle).flatMap((entry, i) => {
    const id = text(resourceOf(entry).id);
    const fullUrl = text(entry.fullUrl);
    const expected = `/Organization/${id}`;
    const ok = id !== '' && (fullUrl === expected || (/^https?:\/\//.test(fullUrl) && fullUrl.endsWith(expected)));
    return ok ? [] : [{ pointer: `/entry/${i}/fullUrl`, message: `fullUrl "${fullUrl}" is not ${expected} (resource.id "${id}")` }];
  });
}

/** ORG-PARTOF: partOf.reference is #<id> of an organization contained in the same resource. */
export function partOfProblems(bundle: unknown): EntryProblem[] {
  return entriesOf(bundle).flatMap((entry, i) => {
    const resource = resourceOf(entry);
    if (resource.partOf === undefined) return [];
    const reference = text((resource.partOf as Json | null)?.reference);
    const contained = objects(resource.contained).map((c) => text(c.id));
    if (reference.startsWith('#') && contained.includes(reference.slice(1))) return [];
    return [
      {
        pointer: `/entry/${i}/resource/partOf`,
        message: `partOf.reference "${reference}" names no contained organization (contained ids: ${JSON.stringify(contained)})`,
      },
    ];
  });
}

/** Where each §4.3 filter's value must appear in a resource ("contains", case-insensitive). */
const FILTER_FIELDS: Record<string, (resource: Json) => string[]> = {
  name: (r) => [text(r.name)],
  address: (r) => addressesOf(r).map((parts) => parts.join(' ')),
  'address-city': (r) => objects(r.address).map((a) => text(a.city)),
  'address-state': (r) => objects(r.address).map((a) => text(a.state)),
  'address-postalcode': (r) => objects(r.address).map((a) => text(a.postalCode)),
  phone: (r) => objects(r.telecom).map((t) => text(t.value)),
  type: (r) => objects(r.type).map((t) => text(t.text)),
};

/** Each address of a resource as its parts: text, lines, city, state, postal code. */
function addressesOf(resource: Json): string[][] {
  return objects(resource.address).map((a) =>
    [text(a.text), ...(Array.isArray(a.line) ? a.line.map(text) : []), text(a.city), text(a.state), text(a.postalCode)].filter(
      (part) => part !== '',
    ),
  );
}

/** Upper case, punctuation as space, single spaces: "12 Main St., Dayton" → "12 MAIN ST DAYTON". */
const words = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Letters and digits only, accents folded, upper case: "St. Mary's" → "STMARYS". */
const compact = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** `address` is a full address (§4.3): a field holds it when it holds every word of it; the rest hold the value. */
function holds(name: string, field: string, value: string): boolean {
  if (name !== 'address') return field.toUpperCase().includes(value.trim().toUpperCase());
  const held = ` ${words(field)} `;
  return words(value)
    .split(' ')
    .every((word) => held.includes(word));
}

/** One string within the other, letters and digits only: the loosest reading a word-for-word match has. */
function withinEither(field: string, value: string): boolean {
  const [f, v] = [compact(field), compact(value)];
  return f !== '' && v !== '' && (f.includes(v) || v.includes(f));
}

/** Some part of an address (its street, city, state or zip), word for word, in the searched address: a service matching on parts. */
function sharesAddressPart(parts: readonly string[], value: string): boolean {
  const searched = ` ${words(value)} `;
  return parts.some((part) => words(part) !== '' && searched.includes(` ${words(part)} `));
}

/**
 * How an entry stands against one filter: `holds` under the suite's reading, `near` under a looser
 * one (a near miss: SHOULD), or `none` when no reading makes it match (§4.3 contradicted: MUST).
 */
export type FilterReading = 'holds' | 'near' | 'none';

export function filterReading(resource: Json, name: string, value: string): FilterReading {
  const fields = FILTER_FIELDS[name](resource);
  if (fields.some((field) => holds(name, field, value))) return 'holds';
  if (fields.some((field) => withinEither(field, value))) return 'near';
  if (name === 'address' && addressesOf(resource).some((parts) => sharesAddressPart(parts, value))) return 'near';
  return 'none';
}

/**
 * ORG-FILTERS: entries whose field does not hold the searched value. One that matches under no
 * reading is a MUST problem (two filters OR-ed, a filter ignored); a near miss is a SHOULD one.
 */
export function filterProblems(bundle: unknown, query: Record<string, string>): EntryProblem[] {
  const checked = Object.entries(query).filter(([name]) => name in FILTER_FIELDS);
  return entriesOf(bundle).flatMap((entry, i) =>
    checked.flatMap(([name, value]): EntryProblem[] => {
      const resource = resourceOf(entry);
      const reading = filterReading(resource, name, value);
      if (reading === 'holds') return [];
      const values = serviceText(JSON.stringify(FILTER_FIELDS[name](resource)));
      const pointer = `/entry/${i}/resource`;
      return reading === 'none'
        ? [
            {
              pointer,
              level: 'MUST',
              message: `${name}=${serviceText(value)} matches none of the organization's ${name} values ${values} under any reading (case-insensitive, punctuation and spaces aside, or as a substring either way)`,
            },
          ]
        : [
            {
              pointer,
              level: 'SHOULD',
              message: `${name}=${serviceText(value)} is in the organization's ${name} values ${values} only with punctuation and spaces ignored, or as part of the value`,
            },
          ];
    }),
  );
}

/** ORG-FILTER-IDENTIFIER: entries that carry no identifier with that value (and system, when given). */
export function identifierProblems(bundle: unknown, value: string, system?: string): EntryProblem[] {
  return entriesOf(bundle).flatMap((entry, i) => {
    const identifiers = objects(resourceOf(entry).identifier);
    const ok = identifiers.some((id) => text(id.value) === value && (system === undefined || text(id.system) === system));
    return ok
      ? []
      : [
          {
            pointer: `/entry/${i}/resource/identifier`,
            message: `the organization carries no identifier ${system ? `${system}|` : ''}${value}`,
          },
        ];
  });
}

/** ORG-ACTIVE: entries whose active flag differs from the searched one. */
export function activeProblems(bundle: unknown, active: boolean): EntryProblem[] {
  return entriesOf(bundle).flatMap((entry, i) =>
    resourceOf(entry).active === active
      ? []
      : [
          {
            pointer: `/entry/${i}/resource/active`,
            message: `active=${active} was searched but the organization has active ${JSON.stringify(resourceOf(entry).active)}`,
          },
        ],
  );
}

export function organizationIds(bundle: unknown): string[] {
  return entriesOf(bundle).map((entry) => text(resourceOf(entry).id));
}

/** The URL of the bundle's `next` link, if it has one (§2.5). */
export function nextLink(bundle: unknown): string | undefined {
  const link = objects((bundle as Json | null)?.link).find((l) => l.relation === 'next');
  return link ? text(link.url) : undefined;
}

export function hasNextLink(bundle: unknown): boolean {
  return nextLink(bundle) !== undefined;
}

/** The identifier systems an organization of the bundle carries with `value`. */
export function systemsOf(bundle: unknown, value: string): string[] {
  return entriesOf(bundle).flatMap((e) =>
    objects(resourceOf(e).identifier)
      .filter((i) => text(i.value) === value)
      .map((i) => text(i.system)),
  );
}

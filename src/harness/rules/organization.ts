/** Organization rules the bundle schema cannot state: cross-field references and filter agreement. */

import { isJsonObject, type JsonObject as Json, objectsIn as objects, textOf as text } from './json';

export interface EntryProblem {
  pointer: string;
  message: string;
}

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
  address: (r) =>
    objects(r.address).map((a) =>
      [text(a.text), ...(Array.isArray(a.line) ? a.line.map(text) : []), text(a.city), text(a.state), text(a.postalCode)].join(' '),
    ),
  'address-city': (r) => objects(r.address).map((a) => text(a.city)),
  'address-state': (r) => objects(r.address).map((a) => text(a.state)),
  'address-postalcode': (r) => objects(r.address).map((a) => text(a.postalCode)),
  phone: (r) => objects(r.telecom).map((t) => text(t.value)),
  type: (r) => objects(r.type).map((t) => text(t.text)),
};

/** Upper case, punctuation as space, single spaces: "12 Main St., Dayton" → "12 MAIN ST DAYTON". */
const words = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** `address` is a full address (§4.3): a field holds it when it holds every word of it; the rest hold the value. */
function holds(name: string, field: string, value: string): boolean {
  if (name !== 'address') return field.toUpperCase().includes(value.trim().toUpperCase());
  const held = ` ${words(field)} `;
  return words(value)
    .split(' ')
    .every((word) => held.includes(word));
}

/** ORG-FILTERS: entries whose field does not contain the searched value. */
export function filterProblems(bundle: unknown, query: Record<string, string>): EntryProblem[] {
  const checked = Object.entries(query).filter(([name]) => name in FILTER_FIELDS);
  return entriesOf(bundle).flatMap((entry, i) =>
    checked.flatMap(([name, value]) => {
      const fields = FILTER_FIELDS[name](resourceOf(entry));
      const ok = fields.some((field) => holds(name, field, value));
      return ok
        ? []
        : [
            {
              pointer: `/entry/${i}/resource`,
              message: `${name}=${value} but the organization's ${name} values are ${JSON.stringify(fields)}`,
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

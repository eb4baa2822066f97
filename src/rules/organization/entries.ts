/** The entries of an organization bundle (§2.5), and what rules read from them: ids, links, references. */
import { isJsonObject, type JsonObject as Json, objectsIn as objects, textOf as text } from '../json';
import type { EntryProblem } from '../problem';

export function entriesOf(bundle: unknown): Json[] {
  return objects((bundle as Json | null)?.entry);
}

/** An entry's resource, or an empty object when it has none. */
export function resourceOf(entry: Json): Json {
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

import { atPointer, pointerKeys } from '../json/pointer';
import { loadSchemaFiles } from './files';

/** The keyword that names the requirement a schema's rules belong to; an annotation Ajv is told about and never validates. */
export const REQUIREMENT_KEYWORD = 'x-requirement';

type Schema = Record<string, unknown>;

interface Located {
  schema: Schema;
  /** The $id of the file the schema sits in, for resolving its relative $refs. */
  base: string;
}

const byId = new Map(loadSchemaFiles().map((file) => [file.schema.$id, file.schema as Schema]));

/** The schema a $ref points at, with its file. */
function resolve(ref: string, base: string): Located {
  const url = new URL(ref, base);
  const file = url.href.slice(0, url.href.length - url.hash.length);
  const root = byId.get(file);
  if (!root) throw new Error(`no schema with $id ${file} (a $ref of ${base})`);
  return { schema: url.hash ? (atPointer(root, decodeURIComponent(url.hash.slice(1))) as Schema) : root, base: file };
}

const chains = new WeakMap<Schema, readonly Located[]>();

/**
 * The schema and every schema its $ref chain leads to, outermost first. Cached by schema object:
 * an object sits in one file, so its chain never changes, and the walks below run on every body.
 */
function chain(start: Located): readonly Located[] {
  let list = chains.get(start.schema);
  if (!list) {
    const found = [start];
    for (let at = start; typeof at.schema.$ref === 'string';) found.push((at = resolve(at.schema.$ref, at.base)));
    chains.set(start.schema, (list = found));
  }
  return list;
}

/** The subschema that describes member `key` of an instance described by `schemas`. */
function member(schemas: readonly Located[], key: string): Located | undefined {
  for (const { schema, base } of [...schemas].reverse()) {
    const properties = schema.properties as Record<string, Schema> | undefined;
    if (properties && Object.hasOwn(properties, key)) return { schema: properties[key], base };
    if (/^\d+$/.test(key) && schema.items && typeof schema.items === 'object') return { schema: schema.items as Schema, base };
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
      return { schema: schema.additionalProperties as Schema, base };
  }
  return undefined;
}

const annotationsOf = (schemas: readonly Located[]) =>
  schemas.map(({ schema }) => schema[REQUIREMENT_KEYWORD]).filter((value): value is string => typeof value === 'string');

/** Members an instance of `schemas` can have, by the schemas that describe them. */
function children(schemas: readonly Located[]): Located[] {
  return schemas.flatMap(({ schema, base }) =>
    [...Object.values((schema.properties as Record<string, Schema> | undefined) ?? {}), schema.items, schema.additionalProperties]
      .filter((child): child is Schema => typeof child === 'object' && child !== null)
      .map((child) => ({ schema: child, base })),
  );
}

const reachable = new WeakMap<Schema, ReadonlySet<string>>();

/** Every annotation at or below a schema, whatever the instance: when all are found, a walk need go no deeper. */
function annotationsBelow(located: Located): ReadonlySet<string> {
  let found = reachable.get(located.schema);
  if (!found) {
    const level = chain(located);
    // Marked before the descent, so that a recursive schema ends the recursion.
    const set = new Set(annotationsOf(level));
    reachable.set(located.schema, set);
    for (const child of children(level)) for (const annotation of annotationsBelow(child)) set.add(annotation);
    found = set;
  }
  return found;
}

/**
 * The annotation that owns a JSON Pointer location of an instance of schema `$id`: walk the
 * location through the schema, following $refs. At the location itself the outermost annotated
 * schema wins: whoever names a member owns the member ("data is an object" is the record's rule).
 * Below it, the innermost annotated schema of the nearest annotated level owns (inside `data`,
 * the data rules). A location the schema does not describe belongs to the nearest owner above.
 */
export function annotationAt(id: string, location: string): string | undefined {
  const keys = pointerKeys(location);
  let level = chain({ schema: byId.get(id)!, base: id });
  if (keys.length === 0) return annotationsOf(level)[0];
  let above = annotationsOf(level).at(-1);
  for (const [i, key] of keys.entries()) {
    const next = member(level, key);
    if (!next) return above;
    level = chain(next);
    const here = annotationsOf(level);
    if (i === keys.length - 1) return here[0] ?? above;
    above = here.at(-1) ?? above;
  }
  return above;
}

/**
 * The annotations of the schemas an instance actually reaches: a rule about `data`'s members is
 * judged only when there is a `data` object with members. What a validation can honestly say held.
 */
export function annotationsReached(id: string, value: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (located: Located, instance: unknown) => {
    const level = chain(located);
    for (const annotation of annotationsOf(level)) found.add(annotation);
    if (instance === null || typeof instance !== 'object') return;
    // Nothing below that is not found already: the rest of this value cannot add to the answer.
    if ([...annotationsBelow(located)].every((annotation) => found.has(annotation))) return;
    for (const [key, child] of Object.entries(instance)) {
      const next = member(level, key);
      if (next) visit(next, child);
    }
  };
  visit({ schema: byId.get(id)!, base: id }, value);
  return found;
}

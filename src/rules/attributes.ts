/**
 * The one reader of `data`'s attribute names (§2.3 r4): "attribute names in one source can differ in
 * case or spelling from another" (`DEADateofOriginalRegistration` and `DEADateOfOriginalRegistration`;
 * `Credential` and `Credentials`; `CountryCode` and `Country`). Every reading of a record's `data`
 * (the rules, the survey and its scorecard, the draft) reads it through `readData`, which files each
 * attribute under one spelling, so that no reading can take two spellings for two attributes.
 *
 * The spellings are the schema's (schemas/provider/: data, name, address, taxonomy), the single
 * source of truth of §2.4's attributes; an attribute §2.4 does not list keeps the first spelling met.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_DIR } from '../schema-validation/files';
import { isJsonObject, type JsonObject } from './json';

/** The spellings §2.3 r4 names beside letter case, each as the key of the one it spells. */
const SPELLINGS: Readonly<Record<string, string>> = { credentials: 'credential', country: 'countrycode' };

/** An attribute name as §2.3 r4 reads it: letter case and separators aside, the spellings it names as one. */
export function attributeKey(name: string): string {
  const folded = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SPELLINGS[folded] ?? folded;
}

/** The schema files whose properties are §2.4's attributes: `data`, and the objects of its groups. */
const ATTRIBUTE_SCHEMAS = ['data', 'name', 'address', 'taxonomy'].map((name) => `provider/${name}.schema.json`);

let spelled: ReadonlyMap<string, string> | undefined;

/** §2.4's spelling of each attribute by its key: the first the schemas list (`Credential` before `Credentials`). */
function schemaSpellings(): ReadonlyMap<string, string> {
  if (spelled) return spelled;
  const map = new Map<string, string>();
  for (const file of ATTRIBUTE_SCHEMAS) {
    const { properties = {} } = JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8')) as { properties?: Record<string, unknown> };
    for (const name of Object.keys(properties)) if (!map.has(attributeKey(name))) map.set(attributeKey(name), name);
  }
  return (spelled = map);
}

const read = new WeakMap<JsonObject, JsonObject>();

/**
 * `data` with every attribute under one spelling: §2.4's where it lists the attribute, else the
 * first met. The values of two spellings of one attribute stand side by side in one array, as a
 * golden record lists the values of its sources (§2.4); a plain string (§2.3 r2) stays a string where
 * only one spelling holds it. The objects of an array (Name, Address, Taxonomy) are read the same way.
 */
export function readData(data: JsonObject): JsonObject {
  const known = read.get(data);
  if (known) return known;
  const spellings = schemaSpellings();
  const byKey = new Map<string, [string, unknown]>();
  for (const [name, value] of Object.entries(data)) {
    const key = attributeKey(name);
    const held = byKey.get(key);
    const readValue = Array.isArray(value) ? value.map((v) => (isJsonObject(v) ? readData(v) : v)) : value;
    if (!held) byKey.set(key, [spellings.get(key) ?? name, readValue]);
    else if (Array.isArray(held[1]) && Array.isArray(readValue)) held[1] = [...held[1], ...readValue];
    else if (!Array.isArray(held[1]) && Array.isArray(readValue)) held[1] = readValue;
  }
  const result = Object.fromEntries(byKey.values());
  read.set(data, result);
  // Read once is read: a reading of it again is itself.
  read.set(result, result);
  return result;
}

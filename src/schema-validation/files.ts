import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PACKAGE_ROOT } from '../package-root';

/** The folder holding every JSON Schema of the project: the single source of truth for each shape. */
export const SCHEMA_DIR = join(PACKAGE_ROOT, 'schemas');

/** Every schema's `$id` is this base plus its path under schemas/, so Ajv (by `$id`) and
 * json-schema-to-typescript (by file path) resolve the same relative `$ref` to the same file. */
export const SCHEMA_ID_BASE = 'https://directory-conformance.example/schemas/';

export interface SchemaFile {
  /** Path under schemas/, with forward slashes, e.g. `provider/golden-record.schema.json`. */
  path: string;
  schema: { $id: string; title: string; type?: string } & Record<string, unknown>;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]))
    .filter((file) => file.endsWith('.schema.json'))
    .sort();
}

export function loadSchemaFiles(): SchemaFile[] {
  return walk(SCHEMA_DIR).map((file) => ({
    path: relative(SCHEMA_DIR, file).split(sep).join('/'),
    schema: JSON.parse(readFileSync(file, 'utf8')),
  }));
}

export function schemaId(path: string): string {
  return SCHEMA_ID_BASE + path;
}

/**
 * The package's precompiled validators: Ajv's standalone code for every schema of SCHEMA, generated
 * from schemas/ by `npm run build` into dist/ (never committed, never edited), so that a process of
 * the installed command validates without compiling schemas first.
 */
import standaloneCode from 'ajv/dist/standalone';
import { schemaId } from './files';
import { newAjv, SCHEMA } from './validator';

export function precompiledValidatorsCode(): string {
  const ajv = newAjv({ source: true });
  return standaloneCode(ajv, Object.fromEntries(Object.entries(SCHEMA).map(([key, path]) => [key, schemaId(path)])));
}

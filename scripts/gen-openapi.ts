/**
 * Writes openapi.json (OpenAPI 3.1) from schemas/ (src/openapi/build.ts). `--check` compares
 * instead of writing, and exits 1 when the committed file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { OPENAPI_FILE } from '../src/fixture-paths';
import { renderOpenApi } from '../src/openapi/build';

const generated = renderOpenApi();
if (process.argv.includes('--check')) {
  if (readFileSync(OPENAPI_FILE, 'utf8') !== generated) {
    console.error(`${OPENAPI_FILE} differs from what schemas/ generate: run npm run gen:openapi and commit the result.`);
    process.exit(1);
  }
  console.log('openapi: openapi.json matches schemas/');
} else {
  writeFileSync(OPENAPI_FILE, generated);
  console.log(`openapi: wrote ${OPENAPI_FILE}`);
}

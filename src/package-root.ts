import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The folder of the package's package.json, beside schemas/, fixtures/ and openapi.json: found from
 * this file upwards, so that it is the same whether the harness runs from its TypeScript sources
 * (src/) or compiled, as the published package ships it (dist/src/).
 */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PACKAGE_ROOT = packageRoot(__dirname);

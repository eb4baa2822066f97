/**
 * `npm run build` (and `prepack`, so that `npm pack` and `npm publish` ship it): the command compiled
 * into dist/ by tsc, with declaration files. The program is what the entry points reach: the
 * command, the embedded server, the suite's Playwright configuration, its preflight, reporter and
 * specs (tsconfig.build.json), so that test equipment, the benchmark and the generators stay out of
 * the package. Files the code reads beside itself are copied next to the compiled modules.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/package-root';

const DIST = join(PACKAGE_ROOT, 'dist');
/** Read at run time from the module's own folder (readFileSync next to __dirname). */
const ASSETS = ['src/report/html/report.css'];

rmSync(DIST, { recursive: true, force: true });
execFileSync(process.execPath, [join(PACKAGE_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], {
  cwd: PACKAGE_ROOT,
  stdio: 'inherit',
});
for (const asset of ASSETS) copyFileSync(join(PACKAGE_ROOT, asset), join(DIST, asset));
console.log(`build: ${DIST}`);

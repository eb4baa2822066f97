/**
 * `npm run build` (and `prepack`, so that `npm pack` and `npm publish` ship it): the command compiled
 * into dist/ by tsc, with declaration files. The program is what the entry points reach: the
 * command, the embedded server, the suite's Playwright configuration, its preflight, reporter and
 * specs (tsconfig.build.json), so that test equipment, the benchmark and the generators stay out of
 * the package. Files the code reads beside itself are copied next to the compiled modules, and the
 * schemas' validators are precompiled (src/schema-validation/standalone.ts).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/package-root';
import { precompiledValidatorsCode } from '../src/schema-validation/standalone';
import { PRECOMPILED_MODULE } from '../src/schema-validation/validator';

const DIST = join(PACKAGE_ROOT, 'dist');
/** Read at run time from the module's own folder (readFileSync next to __dirname). */
const ASSETS = ['src/report/html/report.css'];

rmSync(DIST, { recursive: true, force: true });
execFileSync(process.execPath, [join(PACKAGE_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], {
  cwd: PACKAGE_ROOT,
  stdio: 'inherit',
});
for (const asset of ASSETS) copyFileSync(join(PACKAGE_ROOT, asset), join(DIST, asset));
// The schemas' validators, compiled now rather than in every process of every run.
writeFileSync(join(DIST, 'src', 'schema-validation', PRECOMPILED_MODULE), precompiledValidatorsCode());
console.log(`build: ${DIST}`);

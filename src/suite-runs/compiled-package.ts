/**
 * The checkout compiled into the layout of the published package (bin/, dist/, and the package's
 * files beside them), for the runs of the repository's own tests: the self-tests' several hundred
 * commands, and the runs of the mutation and robustness runs, so that no process of theirs compiles
 * TypeScript again. The sources are transpiled by esbuild, the compiler tsx runs them through in a
 * checkout, one file for one file, and the schemas' validators are precompiled as `npm run build`
 * does: the code that runs is the checkout's, in the form the package ships it. The packed tarball's
 * own test (tests/self/cli.spec.ts) builds it with tsc, as `npm pack` does.
 */
import { copyFileSync, cpSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildSync } from 'esbuild';
import { PACKAGE_ROOT } from '../package-root';
import { precompiledValidatorsCode } from '../schema-validation/standalone';
import { PRECOMPILED_MODULE } from '../schema-validation/validator';

/** The files of the package's modules: the harness, the suite's specs and its Playwright configuration, with what they read beside them. */
function packageFiles(): string[] {
  const under = (folder: string) =>
    readdirSync(join(PACKAGE_ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(PACKAGE_ROOT, join(entry.parentPath, entry.name)));
  return [...under('src'), ...under(join('tests', 'conformance')), 'playwright.config.ts'];
}

/** What the tests' runs take from the compiled package. */
export interface CompiledPackage {
  /** The command, bin/directory-conformance.js. */
  bin: string;
  /** The suite's Playwright configuration, and its conformance reporter, compiled. */
  config: string;
  reporter: string;
}

/**
 * Compiles the package into `scratch`/node_modules/<package>/, where an installer puts it (and where
 * Playwright loads modules as they are, without transforming them). What the package reads at run
 * time (schemas, fixtures, OpenAPI, the documentation it points to) and its dependencies are the
 * checkout's own, linked.
 */
export function compilePackage(scratch: string): CompiledPackage {
  const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string };
  const folder = join(scratch, 'node_modules', manifest.name);
  const dist = join(folder, 'dist');
  const files = packageFiles();
  const sources = files.filter((file) => file.endsWith('.ts'));
  buildSync({
    entryPoints: sources.map((file) => join(PACKAGE_ROOT, file)),
    outdir: dist,
    outbase: PACKAGE_ROOT,
    format: 'cjs',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    logLevel: 'error',
  });
  // What modules read or require beside themselves (report.css, the generator's vocabulary.json).
  for (const file of files.filter((f) => !f.endsWith('.ts'))) copyFileSync(join(PACKAGE_ROOT, file), join(dist, file));
  writeFileSync(join(dist, 'src', 'schema-validation', PRECOMPILED_MODULE), precompiledValidatorsCode());
  cpSync(join(PACKAGE_ROOT, 'bin'), join(folder, 'bin'), { recursive: true });
  copyFileSync(join(PACKAGE_ROOT, 'package.json'), join(folder, 'package.json'));
  for (const shared of ['node_modules', 'schemas', 'fixtures', 'openapi.json', 'docs', 'ci-templates', '.env.example'])
    symlinkSync(join(PACKAGE_ROOT, shared), join(folder, shared));
  return {
    bin: join(folder, 'bin', 'directory-conformance.js'),
    config: join(dist, 'playwright.config.js'),
    reporter: join(dist, 'src', 'harness', 'conformance-reporter.js'),
  };
}

/**
 * Generated mutants: `npm run test:generated-mutants`. StrykerJS mutates the reference server's
 * matching, index and paging code (GENERATED_MUTANT_SCOPE), and each mutant is judged by `run` and
 * `explore` in process (scripts/generated-mutant-judge.ts). Unlike the mutation run's faults, no one
 * here wrote these: the score says what the harness misses of faults it was never shown.
 *
 * Every surviving mutant must be classified, once, in src/suite-runs/generated-mutant-survivors.ts:
 * a conformant choice (the point of the latitude it is), a change no client can see, or missed. The
 * run fails when a survivor is not classified, when a classification names no survivor any more, or
 * when the missed mutants reach MISSED_AT_MOST of the non-conformant ones. It belongs to none of the
 * three tiers (docs/testing.md): CI's nightly entry (.ci/nightly) runs it.
 *
 *   npm run test:generated-mutants                       the whole scope, checked
 *   npm run test:generated-mutants -- --write            …and docs/generated-mutants.json written (docs/mutation.md renders it)
 *   npm run test:generated-mutants -- --reclassify       docs/generated-mutants.json scored again by today's classification, no mutant run
 *   npm run test:generated-mutants -- --only bundle.ts   the files of the scope whose path ends so, not checked against the classification
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { MutantResult } from '@stryker-mutator/api/core';
import {
  GENERATED_MUTANT_SCOPE,
  generatedMutantScope,
  type GeneratedMutant,
  type GeneratedMutantsReport,
  generatedMutantsReport,
  scored,
  mutantProblems,
  mutantsOf,
  type MutantVerdict,
} from '../src/suite-runs/generated-mutants';

const { values } = parseArgs({ options: { only: { type: 'string' }, write: { type: 'boolean' }, reclassify: { type: 'boolean' } } });
const only = values.only?.split(',').map((s) => s.trim());
const scope = only ? GENERATED_MUTANT_SCOPE.filter((file) => only.some((end) => file.endsWith(end))) : GENERATED_MUTANT_SCOPE;
if (scope.length === 0 || (only && values.write)) {
  console.error(
    `--only names no file of the scope (${GENERATED_MUTANT_SCOPE.join(', ')}), or comes with --write, which writes the whole scope's figures`,
  );
  process.exit(2);
}

interface StrykerModule {
  Stryker: new (options: Record<string, unknown>) => { runMutationTest(): Promise<MutantResult[]> };
}

const ROOT = resolve(__dirname, '..');
const REPORT_DOC = join(ROOT, 'docs', 'generated-mutants.json');

/** The figures of the last whole run, scored again by the classification as it is now. */
function reclassify(): number {
  const report = scored(JSON.parse(readFileSync(REPORT_DOC, 'utf8')) as GeneratedMutantsReport);
  console.log(report.summary);
  const problems = mutantProblems(report);
  for (const problem of problems) console.error(`  ${problem}`);
  writeFileSync(REPORT_DOC, `${JSON.stringify(report, null, 2)}\n`);
  return problems.length > 0 ? 1 : 0;
}

async function main(): Promise<number> {
  if (values.reclassify) return reclassify();
  const scratch = mkdtempSync(join(tmpdir(), 'generated-mutants-'));
  const verdicts = join(scratch, 'verdicts');
  process.env.GENERATED_MUTANT_VERDICTS = verdicts;
  try {
    // Stryker's package is ECMAScript modules with `exports` alone, which this project's module resolution cannot type: its one member used, typed here.
    const { Stryker } = (await import('@stryker-mutator/core' as string)) as StrykerModule;
    const results = await new Stryker({
      mutate: generatedMutantScope(ROOT, scope),
      testRunner: 'command',
      commandRunner: { command: 'node --import tsx scripts/generated-mutant-judge.ts' },
      // The command runner runs the whole judge for each mutant: no coverage to narrow it by.
      coverageAnalysis: 'off',
      concurrency: availableParallelism(),
      // The judge takes some seconds; a mutant that loops forever is killed by time, and counted so.
      timeoutMS: 30_000,
      disableTypeChecks: true,
      checkers: [],
      reporters: ['progress'],
      tempDirName: join(scratch, 'sandbox'),
      cleanTempDir: 'always',
      ignorePatterns: ['/docs', '/test-results', '/bench', '/playwright-report', '/conformance-report', '/dist'],
    }).runMutationTest();
    const readVerdict = (id: string): MutantVerdict | undefined => {
      try {
        return JSON.parse(readFileSync(join(verdicts, `${id}.json`), 'utf8')) as MutantVerdict;
      } catch {
        return undefined;
      }
    };
    const mutants: GeneratedMutant[] = mutantsOf(results, ROOT, readVerdict);
    const report = generatedMutantsReport(mutants, generatedMutantScope(ROOT, scope));
    console.log(`\n${report.summary}`);
    for (const survivor of report.survivors)
      console.log(
        `  survived (line ${survivor.line}, ${survivor.class ? Object.keys(survivor.class)[0] : 'not classified'}): ${survivor.key}`,
      );
    if (only) return 0;
    const problems = mutantProblems(report);
    for (const problem of problems) console.error(`  ${problem}`);
    if (values.write) writeFileSync(REPORT_DOC, `${JSON.stringify(report, null, 2)}\n`);
    return problems.length > 0 ? 1 : 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

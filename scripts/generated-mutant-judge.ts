/**
 * One generated mutant judged: the command StrykerJS runs for each mutant of the reference server
 * (`npm run test:generated-mutants`, scripts/generated-mutants.ts). The reference server, with the
 * mutant Stryker activates (`__STRYKER_ACTIVE_MUTANT__`) compiled in, serves in this process; `run`
 * (the suite, in process, as conformance.json would hold it) and `explore` (at its default budget,
 * what a user's `explore` asks) judge it. Exit 1 kills the mutant: any finding, probe problem, gap
 * or run error, as the mutation run expects none of the clean server. Exit 0 lets it survive.
 *
 * Where GENERATED_MUTANT_VERDICTS names a folder, what killed the mutant is written there as
 * `<mutant id>.json`, so that the report can say which driver, at which level, saw it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLEAN } from '../src/reference/scenarios/registry';
import { fixtureNpis } from '../src/reference/fixture-files';
import { serveHere } from '../src/suite-runs/scenario-server';
import { runSuiteInProcess } from '../src/suite/in-process-suite';
import { exploreOf } from '../src/suite-runs/other-drivers';
import { scenarioProblems } from '../src/suite-runs/scenario-verdict';
import { JUDGE_EXPLORE, type MutantVerdict } from '../src/suite-runs/generated-mutants';

async function judged(): Promise<MutantVerdict> {
  let server: Awaited<ReturnType<typeof serveHere>> | undefined;
  try {
    server = await serveHere();
    // MAX_RPS: no pacing on loopback. STATUS_SEARCH: the reference server supports `active`, so ORG-ACTIVE runs too.
    const env = { BASE_URL: server.origin, STATUS_SEARCH: 'true', MAX_RPS: '0' };
    const suite = await runSuiteInProcess(env);
    const explored = await exploreOf(env, fixtureNpis(JUDGE_EXPLORE.npis), JUDGE_EXPLORE.maxRequests);
    const exploreFound = explored.requirements.filter((r) => r.status === 'fail' || r.status === 'warn');
    return {
      suite: { verdict: suite.verdict, problems: scenarioProblems(CLEAN, suite) },
      explore: {
        verdict: explored.verdict,
        problems: [
          ...exploreFound.map((r) => `${r.id} ${r.status}: ${(r.failures[0]?.message ?? '').split('\n')[0]}`),
          ...explored.errors.map((e) => `run error: ${e.message.split('\n')[0]}`),
        ],
      },
    };
  } catch (error) {
    // A server that cannot start (a mutant of the index it builds as it loads) is met by every command at once.
    return { started: false, problems: [String((error as Error).message ?? error).split('\n')[0]] };
  } finally {
    await server?.stop();
  }
}

void judged().then((verdict) => {
  const folder = process.env.GENERATED_MUTANT_VERDICTS;
  const id = process.env.__STRYKER_ACTIVE_MUTANT__;
  if (folder && id !== undefined) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${id}.json`), JSON.stringify(verdict));
  }
  const killed = 'started' in verdict || verdict.suite.problems.length > 0 || verdict.explore.problems.length > 0;
  if (killed) console.log(JSON.stringify(verdict, null, 1));
  process.exit(killed ? 1 : 0);
});

/**
 * The robustness run: `npm run test:robustness`. The suite against targets that misbehave below
 * the specification, against no server at all, with a recognisable credential, and with invalid
 * configuration. For each it asserts bounded time, the report written and saying what happened,
 * and a non-zero exit; for credentials, that no file the run wrote and no console line holds them.
 * Then the commands attacked with hostile inputs of their own (command-attacks.ts), one at a time.
 *
 * A case whose answers are all it judges (no file, no terminal, no memory of its own, no exit of the
 * preflight) runs the suite in this process (in-process-suite.ts): the same entries, client, rules
 * and verdict as `run`, without a Playwright runner that starts its worker again after each failed
 * test. Against a target that fails every test, that was 40 to 60 CPU seconds a case.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HAR_DIR_VARIABLE } from '../src/client/har-log';
import { readProbes } from '../src/reference/fixture-files';
import { scenarioPrefix } from '../src/reference/scenarios/registry';
import { HOSTILE, HOSTILE_MARK, type HostileTarget, LEAK_TEST_SECRETS } from '../src/reference/scenarios/hostile';
import { LeakScan } from '../src/suite-runs/leak-scan';
import { renderMarkdown } from '../src/report/markdown';
import { runSuiteInProcess } from '../src/suite/in-process-suite';
import { pooled, reportShapeErrorOf, runSuite, type SuiteRun } from '../src/suite-runs/run-suite';
import { EXIT_CODE } from '../src/verdicts/verdict';
import { endRun, markdownTable } from '../src/suite-runs/run-table';
import { freePort, startScenarioServer } from '../src/suite-runs/scenario-server';
import { xmlError } from '../src/suite-runs/well-formed-xml';
import { compilePackage } from '../src/suite-runs/compiled-package';
import { COMMAND_ATTACKS, type CommandAttackResult, runCommandAttack } from '../src/suite-runs/command-attacks';
import { attackGround } from '../src/suite-runs/attack-ground';
import { attackName, runAttackTable } from '../src/suite-runs/attack-runner';
import { attacksOf } from '../src/suite-runs/attack-table';

/**
 * The bounds that protect a user from a hostile target, on measures a busy machine does not blow up.
 * Work is bounded in CPU seconds of the run's processes (a run that parsed an endless body, or
 * retried without end, spends them), which load barely changes: the heaviest case (endless-body) spends under 30.
 * Waiting is bounded in wall time, far above what a run takes on a loaded 2-core machine (under
 * 40 s; 154 s seen when three cases ran beside a full self-test run) and far below what a client that
 * waits out a hang or an endless body would take (every test at its time-out: 30 s plus ten request
 * time-outs each, tens of minutes).
 */
const MAX_CPU_SECONDS = 120;
const MAX_WALL_SECONDS = 300;

interface Case {
  name: string;
  /** The run's environment, given the scenarios' origin and the folder the run writes to. */
  env: (origin: string, reportDir: string) => Promise<Record<string, string>> | Record<string, string>;
  verify: (run: SuiteRun, reportDir: string) => string[];
  allReporters?: boolean;
  /** Judged from the report alone: the suite in this process, one case at a time so that its CPU seconds are its own. */
  inProcess?: boolean;
}

/** The suite in this process against `env`'s target, as a SuiteRun: its report, the Markdown of it, the exit `run` would give. */
async function runInProcess(env: Record<string, string>): Promise<SuiteRun> {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const report = await runSuiteInProcess(env);
  const used = process.cpuUsage(cpu);
  const reportShapeError = reportShapeErrorOf(report);
  return {
    exitCode: EXIT_CODE[report.verdict],
    seconds: (Date.now() - started) / 1000,
    stdout: '',
    stderr: '',
    report,
    markdown: renderMarkdown(report),
    ...(reportShapeError ? { reportShapeError } : {}),
    // The scenario server's share is counted too: it answers in this process.
    cpuSeconds: (used.user + used.system) / 1e6,
  };
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** A target that answers (or fails to): exit 1 for findings, 3 when nothing could be judged; the reports say what happened. */
function reportSays(says: RegExp, stoppedByPreflight?: HostileTarget['stoppedByPreflight'], inconclusive?: true) {
  return (run: SuiteRun): string[] => {
    const found: string[] = [];
    const expected = stoppedByPreflight === 'configuration' ? 2 : stoppedByPreflight || inconclusive ? 3 : 1;
    const kind = stoppedByPreflight === 'configuration' ? 'configuration' : 'preflight';
    if (run.exitCode !== expected) found.push(`exited ${run.exitCode}, expected ${expected}`);
    if (!run.report || !run.markdown) return [...found, 'conformance.json or conformance.md missing'];
    if (run.reportShapeError) found.push(`conformance.json breaks its published schema ${run.reportShapeError}`);
    if (!says.test(run.markdown)) found.push(`conformance.md does not match ${says}`);
    if (inconclusive && run.report.summary.fail + run.report.summary.warn > 0)
      found.push(
        `findings from answers never judged: ${run.report.requirements
          .filter((r) => r.failures.length > 0)
          .map((r) => r.id)
          .join(', ')}`,
      );
    if (stoppedByPreflight) {
      if (run.report.errors.length !== 1 || run.report.errors[0].kind !== kind)
        found.push(`expected exactly one ${kind} error of the preflight, got ${JSON.stringify(run.report.errors.map((e) => e.kind))}`);
      if (run.report.requirements.some((r) => r.checks > 0)) found.push('checks ran after a failed preflight');
    }
    return found;
  };
}

/** The leak test's secrets: every echoed form's parts, and any form the redactor's view reads. */
const LEAK_SCAN = new LeakScan(Object.values(LEAK_TEST_SECRETS));
const leaks = (text: string) => LEAK_SCAN.leaks(text);

const MIB = 1024 * 1024;

/** The run's peak memory within its bound: measured, not timed, so it holds on a noisy machine. */
function withinMemory(verify: (run: SuiteRun) => string[], maxMiB: number | undefined) {
  return (run: SuiteRun): string[] => {
    if (maxMiB === undefined) return verify(run);
    if (run.peakRssBytes === undefined) return [...verify(run), 'peak memory could not be measured (no /proc)'];
    return [
      ...verify(run),
      ...(run.peakRssBytes > maxMiB * MIB ? [`peak resident memory ${(run.peakRssBytes / MIB).toFixed(0)} MiB exceeds ${maxMiB} MiB`] : []),
    ];
  };
}

/** The longest run of HOSTILE_HUGE's letter a report may hold: a value's cap, with room for the line around it. */
const MAX_HUGE_RUN = 4096;
/** conformance.json and index.html stay under this, whatever the service sends. */
const REPORT_FILE_MAX_BYTES = 2 * MIB;

/**
 * Whatever the service sent, every XML file parses, conformance.json and index.html stay under
 * 2 MiB, no file holds the megabyte, no report string
 * passes the cap, conformance.md carries no markup and no control byte, and the terminal none either.
 */
function hostileTextProblems(run: SuiteRun, reportDir: string): string[] {
  const found: string[] = [];
  const files = filesUnder(reportDir);
  for (const file of files) {
    const name = file.slice(reportDir.length + 1);
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.xml')) {
      const error = xmlError(text);
      if (error) found.push(`${name} is not well-formed XML: ${error}`);
    }
    // The two files people and tools open whole: bounded whatever the service sends (#49: 15.4 and 11.1 MB once).
    if ((name === 'conformance.json' || name === 'index.html') && Buffer.byteLength(text) > REPORT_FILE_MAX_BYTES)
      found.push(`${name} is ${(Buffer.byteLength(text) / MIB).toFixed(1)} MiB, over ${REPORT_FILE_MAX_BYTES / MIB} MiB`);
    const longest = Math.max(0, ...(text.match(/Z+/g) ?? []).map((r) => r.length));
    if (longest > MAX_HUGE_RUN) found.push(`${name} holds ${longest} bytes of the 1 MiB string`);
  }
  if (!files.some((f) => f.endsWith('conformance.junit.xml'))) found.push('conformance.junit.xml missing');
  const markdown = run.markdown ?? '';
  if (/<script|<img/.test(markdown)) found.push('conformance.md carries raw HTML');
  // eslint-disable-next-line no-control-regex -- finding control bytes is the point.
  if (/[\u0000\u0007\u001b]/.test(markdown)) found.push('conformance.md carries a raw ESC, NUL or BEL byte');
  const terminal = run.stdout + run.stderr;
  // eslint-disable-next-line no-control-regex -- finding control bytes is the point.
  if (terminal.includes(HOSTILE_MARK) || /[\u0000\u0007]/.test(terminal))
    found.push('the terminal got a raw escape sequence, NUL or BEL from the service');
  if ((run.report?.errors.length ?? 0) > 0) found.push(`run errors: ${run.report!.errors.map((e) => e.message.split('\n')[0]).join('; ')}`);
  // The hostile values were judged, not skipped: a binary code holding them is a DATA-CODES finding.
  if (run.report?.requirements.find((r) => r.id === 'DATA-CODES')?.status !== 'warn')
    found.push('DATA-CODES did not judge the hostile Gender');
  return found;
}

function hostileCase(target: HostileTarget): Case {
  const verify = withinMemory(reportSays(target.says, target.stoppedByPreflight, target.inconclusive), target.maxPeakRssMiB);
  if (target.name === 'hostile-text')
    return {
      name: `${target.name} (every file written well-formed and capped)`,
      allReporters: true,
      env: (origin) => ({ MAX_RPS: '0', ...target.suiteEnv, BASE_URL: `${origin}${scenarioPrefix(target.name)}` }),
      verify: (run, reportDir) => [...verify(run), ...hostileTextProblems(run, reportDir)],
    };
  if (!target.name.startsWith('echo-')) {
    return {
      name: target.name,
      env: (origin) => ({ MAX_RPS: '0', ...target.suiteEnv, BASE_URL: `${origin}${scenarioPrefix(target.name)}` }),
      verify: (run) => verify(run),
      // A preflight's stop is a process's exit, and a memory bound the process's; the rest is in the report.
      inProcess: target.stoppedByPreflight === undefined && target.maxPeakRssMiB === undefined,
    };
  }
  return {
    name: `${target.name} (leak scan of every file written, the HAR of run --har too)`,
    allReporters: true,
    env: (origin, reportDir) => ({
      MAX_RPS: '0',
      ...target.suiteEnv,
      BASE_URL: `${origin}${scenarioPrefix(target.name)}`,
      [HAR_DIR_VARIABLE]: join(reportDir, 'har'),
    }),
    verify: (run, reportDir) => {
      const files = filesUnder(reportDir);
      const found = [
        ...verify(run),
        ...(files.length < 4 ? [`only ${files.length} files written; expected the conformance, HTML and JUnit reports`] : []),
        ...(files.some((file) => file.endsWith('.jsonl')) ? [] : ['no HAR lines written']),
      ];
      for (const file of files) {
        // A trace is a zip, whose compressed text no scan would find a secret in: none may be written.
        if (file.endsWith('.zip')) found.push(`${file.slice(reportDir.length + 1)} is a trace, and traces hold request headers`);
        for (const form of leaks(readFileSync(file, 'latin1'))) found.push(`${file.slice(reportDir.length + 1)} holds "${form}"`);
      }
      for (const form of leaks(run.stdout + run.stderr)) found.push(`console output holds "${form}"`);
      return found;
    },
  };
}

const configCase = (name: string, env: Record<string, string>, says: RegExp): Case => ({
  name: `invalid configuration: ${name}`,
  env: () => env,
  verify: (run) => {
    // On the terminal with the prefix every command's error line has; in the report, the message alone.
    const said = new RegExp(`^directory-conformance: ${says.source.replace(/^\^/, '')}`);
    const lines = run.stderr.split('\n').filter((line) => said.test(line));
    return [
      ...(run.exitCode !== 2 ? [`exit ${run.exitCode}, expected 2`] : []),
      ...(lines.length !== 1 ? [`stderr should hold one line matching ${said}, holds ${lines.length}: ${run.stderr.slice(0, 300)}`] : []),
      ...(/Running \d+ test/.test(run.stdout) ? ['tests ran'] : []),
      ...(run.report?.verdict !== 'error' || !says.test(run.report.errors[0]?.message ?? '')
        ? [`conformance.json should say verdict error with the message, says ${run.report?.verdict}`]
        : []),
    ];
  },
});

/** The cases, with the probes files of the two that need one written under `root`. */
function casesIn(root: string): Case[] {
  const wrongProbes = join(root, 'wrong-probes.json');
  writeFileSync(wrongProbes, JSON.stringify({ provider: { unique: [{ query: { NPI: 1234567893 } }] } }));
  // A probe that promises one provider where the reference data has several: the tester's mistake, not the service's.
  const staleProbes = join(root, 'stale-probes.json');
  const reference = readProbes();
  writeFileSync(
    staleProbes,
    JSON.stringify({
      ...reference,
      provider: { ...reference.provider, unique: [{ query: reference.provider!.ambiguous![0].query }, ...reference.provider!.unique!] },
    }),
  );
  return [
    ...HOSTILE.map(hostileCase),
    {
      name: 'no server at the address',
      env: async () => ({ BASE_URL: `http://127.0.0.1:${await freePort()}` }),
      verify: reportSays(/preflight.*cannot connect to http:\/\/127\.0\.0\.1:\d+.*ECONNREFUSED/, 'unavailable'),
    },
    {
      name: 'STRICT=true turns a SHOULD finding into a failed run',
      env: (origin) => ({ MAX_RPS: '0', STRICT: 'true', BASE_URL: `${origin}${scenarioPrefix('gender-words')}` }),
      verify: (run) => [
        ...(run.exitCode === 0 ? ['exited 0'] : []),
        ...(run.report?.verdict !== 'fail' || run.report.summary.fail !== 0
          ? [`expected verdict fail with no MUST failure, got ${run.report?.verdict}`]
          : []),
        ...(run.report?.requirements.find((r) => r.id === 'DATA-CODES')?.status !== 'warn' ? ['DATA-CODES is not warn'] : []),
      ],
      inProcess: true,
    },
    {
      name: 'a unique probe that is in fact ambiguous is a probe problem: inconclusive, not a failure',
      env: (origin) => ({ MAX_RPS: '0', PROBES_FILE: staleProbes, BASE_URL: `${origin}${scenarioPrefix('clean')}` }),
      verify: (run) => [
        ...(run.exitCode !== 3 ? [`exited ${run.exitCode}, expected 3`] : []),
        ...(run.report?.verdict !== 'inconclusive' ? [`verdict ${run.report?.verdict}, expected inconclusive`] : []),
        ...(run.report?.requirements.filter((r) => r.status !== 'pass' && r.id !== 'ORG-ACTIVE').map((r) => `${r.id} is ${r.status}`) ??
          []),
        ...(!run.report?.probeProblems.some(
          (p) => p.probe.startsWith('provider.unique[0]') && /more than one provider matches/.test(p.observed),
        )
          ? ['no probe problem names provider.unique[0]']
          : []),
        ...(!/## Probe problems/.test(run.markdown ?? '') ? ['conformance.md has no probe problems section'] : []),
      ],
      inProcess: true,
    },
    configCase('malformed BASE_URL', { BASE_URL: 'http//missing-colon' }, /^configuration: BASE_URL is not a valid URL/),
    configCase('unreadable PROBES_FILE', { PROBES_FILE: join(root, 'absent.json') }, /^configuration: PROBES_FILE cannot be read/),
    configCase(
      'PROBES_FILE failing its schema',
      { PROBES_FILE: wrongProbes },
      /^configuration: PROBES_FILE does not match schemas\/probes\.schema\.json.*\/provider\/unique\/0\/query\/NPI/,
    ),
    configCase('API_HEADERS not JSON', { API_HEADERS: '{X-Tenant: acme}' }, /^configuration: API_HEADERS is not valid JSON/),
  ];
}

/** A case's row of the table: its exit, time, CPU, peak memory, what the run said first, and its problems. */
function resultRow({ name, run, problems }: { name: string; run: SuiteRun; problems: string[] }): string[] {
  const configuration = run.stderr.split('\n').find((l) => l.startsWith('directory-conformance: configuration:'));
  const said = (
    run.report?.errors[0]?.message ??
    configuration ??
    run.report?.requirements.find((r) => r.failures.length)?.failures[0].message ??
    ''
  )
    .split('\n')[0]
    .slice(0, 110);
  const peak = run.peakRssBytes === undefined ? '-' : (run.peakRssBytes / MIB).toFixed(0);
  const cpu = run.cpuSeconds === undefined ? '-' : run.cpuSeconds.toFixed(1);
  return [name, String(run.exitCode), run.seconds.toFixed(1), cpu, peak, said, problems.join('; ') || 'none'];
}

async function main(): Promise<void> {
  const started = Date.now();
  const root = mkdtempSync(join(tmpdir(), 'robustness-'));
  const cases = casesIn(root);
  // --only NAME,…: the cases whose names begin so (a case's name begins with its target's), to replay one.
  // --report-only: the cases judged from the report alone, in this process (npm test's share; no command is compiled or attacked).
  const { values } = parseArgs({ options: { only: { type: 'string' }, 'report-only': { type: 'boolean' } } });
  const only = values.only?.split(',');
  const named = only ? cases.filter((c) => only.some((name) => c.name.startsWith(name))) : cases;
  const chosen = values['report-only'] ? named.filter((c) => c.inProcess) : named;
  const attacked = values['report-only'] ? [] : COMMAND_ATTACKS.filter((a) => !only || only.some((name) => a.name.startsWith(name)));
  const inTable = (name: string) => !values['report-only'] && (!only || only.some((prefix) => name.startsWith(prefix)));
  if (chosen.length === 0 && attacked.length === 0 && !attacksOf().some((a) => inTable(attackName(a))))
    throw new Error(`--only ${only!.join(',')} names no case`);
  // Only a case or an attack run as a process needs the command compiled.
  const tabled = attacksOf().some((a) => inTable(attackName(a)));
  const compiled = chosen.some((c) => !c.inProcess) || attacked.length > 0 || tabled ? compilePackage(root) : undefined;
  const server = await startScenarioServer();
  let results: { name: string; run: SuiteRun; problems: string[] }[];
  let attacks: CommandAttackResult[];
  const judged = async (c: Case, run: (reportDir: string) => Promise<SuiteRun>) => {
    const reportDir = join(root, c.name.replace(/[^a-z0-9]+/gi, '-'));
    const done = await run(reportDir);
    const found = c.verify(done, reportDir);
    if (done.seconds > MAX_WALL_SECONDS) found.push(`took ${done.seconds.toFixed(0)} s, more than ${MAX_WALL_SECONDS} s`);
    if (done.cpuSeconds !== undefined && done.cpuSeconds > MAX_CPU_SECONDS)
      found.push(`spent ${done.cpuSeconds.toFixed(0)} CPU seconds, more than ${MAX_CPU_SECONDS}`);
    return { name: c.name, run: done, problems: found };
  };
  try {
    // Three at a time on two cores: most cases wait on a hanging or dripping target, not on the CPU.
    const asProcesses = await pooled(
      chosen.filter((c) => !c.inProcess),
      3,
      (c) =>
        judged(c, async (reportDir) =>
          runSuite({
            compiled: compiled!,
            env: await c.env(server.origin, reportDir),
            reportDir,
            allReporters: c.allReporters,
            workers: 2,
            measureMemory: true,
          }),
        ),
    );
    const inProcess = await pooled(
      chosen.filter((c) => c.inProcess),
      1,
      (c) => judged(c, async (reportDir) => runInProcess(await c.env(server.origin, reportDir))),
    );
    // In the cases' own order, as the table has always listed them.
    const byName = new Map([...asProcesses, ...inProcess].map((result) => [result.name, result]));
    results = chosen.map((c) => byName.get(c.name)!);
    // One at a time: each is a bound on its own wall time.
    attacks = attacked.map((attack) => runCommandAttack(attack, compiled!.bin, server.origin, root));
    // Every command under every hostile input of its kinds: the table, keyed by the command table.
    if (tabled) {
      const ground = await attackGround(join(root, 'ground'), server.origin);
      const table = join(root, 'table');
      mkdirSync(table);
      attacks.push(...(await runAttackTable(ground, table, compiled!.bin, LEAK_SCAN, inTable)));
    }
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
  const rows = results.map(resultRow);
  console.log(
    `\n${markdownTable(['case', 'exit', 'seconds', 'CPU seconds', 'peak MiB', 'first run error or config message', 'problems'], rows)}`,
  );
  if (attacks.length > 0)
    console.log(
      `\nthe commands attacked\n\n${markdownTable(
        ['attack', 'exit', 'seconds', 'what it said', 'problems'],
        attacks.map((a) => [a.name, String(a.exit), a.seconds.toFixed(1), a.said.slice(0, 110), a.problems.join('; ') || 'none']),
      )}`,
    );
  console.log(`\nrobustness run took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const all = [...results, ...attacks];
  endRun('robustness', all.length, all.filter((r) => r.problems.length > 0).length);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

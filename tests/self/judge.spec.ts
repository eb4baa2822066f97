/**
 * `judge HAR` (src/recording/): a recording judged offline by the rulebook. A recording of the suite
 * itself is judged exactly as the run that made it: the same requests, the same answers, the same
 * requirement statuses and failures; a request the recording lacks leaves its test not judged, and says so.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HarTransport, writeHar } from '../../src/client/har-log';
import { UndiciTransport } from '../../src/client/transport';
import { judgeRecording } from '../../src/recording/judge-recording';
import { RecordedTransport } from '../../src/recording/recorded-transport';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import type { ConformanceReport } from '../../src/report/model';
import { runSuiteInProcess } from '../../src/suite/in-process-suite';
import { expect, test } from './fixtures';
import { tempDir } from './command';

/** What a report judged: each requirement's status, checks and failures in words and where. */
const judged = (report: ConformanceReport) =>
  report.requirements.map((r) => [r.id, r.status, r.checks, r.failures.map((f) => [f.message, f.url, f.status])]);

const kept = { url: (v: string) => v, text: (v: string) => v, body: (v: string) => v };

/** A run of the suite against `baseUrl`, every exchange recorded as `run --har` records it; the report and the file. */
async function recordedRun(baseUrl: string): Promise<{ report: ConformanceReport; har: string }> {
  const dir = tempDir();
  const network = new UndiciTransport();
  try {
    const report = await runSuiteInProcess(
      { BASE_URL: baseUrl, MAX_RPS: '0' },
      { transport: new HarTransport(network, dir, 'judge.spec', 0, kept) },
    );
    const har = join(dir, 'run.har');
    writeHar(dir, har, { name: 'judge.spec', version: '1' });
    return { report, har };
  } finally {
    await network.close();
  }
}

test(
  "a recording of a run, judged offline, gives the run's requirement statuses and failures, clean or faulty, whatever bytes the answers held",
  { tag: '@fast' },
  async ({ scenarios }) => {
    // Bodies are recorded decoded (a gzip stream undone, bytes that are no UTF-8 escaped), and written back as they came;
    // a body that does not decode as its label says is left out, and answered so. A fault of every other requirement is
    // judged from its recording in the mutation run (its canary too: docs/agreement.md).
    for (const scenario of ['clean', 'latin1-declared-utf8', 'gzip-unasked', 'gzip-label-on-plain-body']) {
      const { report, har } = await recordedRun(`${scenarios.origin}${scenarioPrefix(scenario)}`);
      const contents = (
        JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: { response: { content: Record<string, unknown> } }[] } }
      ).log.entries.map((entry) => entry.response.content);
      // Text a person can read, never a base64 of the bytes received.
      expect(
        contents.filter((content) => content.encoding !== undefined),
        scenario,
      ).toEqual([]);
      const offline = await judgeRecording(har, {});
      expect(offline.missing, scenario).toEqual([]);
      expect(offline.report.verdict, scenario).toBe(report.verdict);
      expect(judged(offline.report), scenario).toEqual(judged(report));
      // A body that does not decode as its label says is left out, with its reason, and never written as it came.
      if (scenario === 'gzip-label-on-plain-body')
        expect(
          contents.some((content) => content._notKept && content.text === undefined),
          scenario,
        ).toBe(true);
      // Each fault is found (gzip-unasked is a SHOULD: a warning).
      if (scenario !== 'clean')
        expect(
          report.requirements.some((r) => r.status === 'fail' || r.status === 'warn'),
          scenario,
        ).toBe(true);
    }
  },
);

test(
  'a request the recording does not hold leaves its test not judged, naming the request, never failed',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const { har } = await recordedRun(`${scenarios.origin}${scenarioPrefix('clean')}`);
    // A recording of the searches alone: a browser session that never opened a provider's source records.
    const recorded = JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: { request: { url: string } }[] } };
    recorded.log.entries = recorded.log.entries.filter((entry) => !entry.request.url.includes('/sourceRecords/'));
    writeFileSync(har, JSON.stringify(recorded));
    const offline = await judgeRecording(har, {});
    expect(offline.missing.length).toBeGreaterThan(0);
    expect(offline.report.summary.fail).toBe(0);
    const notMet = offline.report.requirements.flatMap((r) => r.skipped ?? []).filter((s) => s.includes('not in the recording'));
    expect(notMet.length).toBeGreaterThan(0);
    expect(notMet[0]).toMatch(/not sent: GET http:\/\/127\.0\.0\.1:\d+\/\S*\/sourceRecords\//);
    // As typed data: the gap is a need the recording did not meet, never a failure of the service.
    expect(offline.report.coverage?.gaps?.find((gap) => gap.id === 'SR-ROOT-ARRAY')?.reason.kind).toBe('not-met');
    // What it held is judged all the same: the searches' requirements pass.
    expect(offline.report.requirements.find((r) => r.id === 'ORG-BUNDLE-SHAPE')?.status).toBe('pass');
    expect(offline.report.requirements.find((r) => r.id === 'SR-ROOT-ARRAY')?.status).toBe('skip');
    // A recording of organization searches alone (not even the unique probes' searches that discovery asks) is judged as far as it goes.
    recorded.log.entries = recorded.log.entries.filter((entry) => !entry.request.url.includes('/provider/'));
    writeFileSync(har, JSON.stringify(recorded));
    const organizationsOnly = await judgeRecording(har, {});
    expect(organizationsOnly.missing.some((url) => url.includes('/provider/searchSingleBest?'))).toBe(true);
    expect(organizationsOnly.report.summary.fail).toBe(0);
    expect(organizationsOnly.report.verdict).toBe('inconclusive');
    expect(organizationsOnly.report.requirements.find((r) => r.id === 'ORG-BUNDLE-SHAPE')?.status).toBe('pass');
  },
);

test(
  'a recording that cannot be judged is refused in one line naming its entry: an impossible status, a URL that is none, a first search with no answer',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const { har } = await recordedRun(`${scenarios.origin}${scenarioPrefix('clean')}`);
    const recorded = readFileSync(har, 'utf8');
    type Entry = { request: { url: string }; response: { status: number; comment?: string } };
    const spoiled = async (spoil: (first: Entry) => void) => {
      const copy = JSON.parse(recorded) as { log: { entries: Entry[] } };
      spoil(copy.log.entries[0]!);
      writeFileSync(har, JSON.stringify(copy));
      return judgeRecording(har, {}).then(
        () => 'judged',
        (error: Error) => `${error.constructor.name}: ${error.message}`,
      );
    };
    // An HTTP status is three digits (RFC 9110 §15): 1e308 is none, and no rule is asked to judge it.
    expect(await spoiled((first) => (first.response.status = 1e308))).toMatch(
      /^InputError: .*log\.entries\[0\]\.response\.status is no HTTP status \(1e\+308\)/,
    );
    expect(await spoiled((first) => (first.request.url = 'http://[bad'))).toMatch(
      /^InputError: .*log\.entries\[0\]\.request\.url is no http or https URL/,
    );
    // The suite's unique probe searched first and never answered: as a run whose preflight got no answer, nothing can be judged.
    const unanswered = await spoiled((first) => {
      first.response.status = 0;
      first.response.comment = 'connection refused';
    });
    expect(unanswered).toMatch(
      /^InputError: .*log\.entries\[0\] \(GET http:\/\/\S+\/provider\/searchSingleBest\?\S+\) holds no answer \(status 0\)/,
    );
    expect(unanswered.split('\n')).toHaveLength(1);
  },
);

test(
  'a recording answers a URL as sent where it holds it, each answer in turn, else the same parameters in another order: the equivalent forms of a query stay apart',
  { tag: '@fast' },
  async () => {
    const exchange = (url: string, body: string) => ({ entry: body, url, status: 200, headers: {}, body: Buffer.from(body) });
    const transport = new RecordedTransport([
      exchange('http://s.test/p?NPI=1&State=OH', 'first'),
      exchange('http://s.test/p?State=OH&NPI=1', 'reversed'),
      exchange('http://s.test/p?%4E%50%49=%31&State=OH', 'encoded'),
      exchange('http://s.test/p?NPI=1&State=OH', 'again'),
    ]);
    const asked = async (url: string) => (await transport.get(url)).body.toString();
    expect(await asked('http://s.test/p?NPI=1&State=OH')).toBe('first');
    expect(await asked('http://s.test/p?%4E%50%49=%31&State=OH')).toBe('encoded');
    expect(await asked('http://s.test/p?State=OH&NPI=1')).toBe('reversed');
    expect(await asked('http://s.test/p?NPI=1&State=OH')).toBe('again');
    // A browser's order the recording does not hold as sent: the same parameters, in the order recorded.
    expect(await asked('http://s.test/p?State=OH&NPI=1&')).toBe('first');
  },
);

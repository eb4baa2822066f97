/** The CI templates run commands the CLI has, with flags it knows, and wire secrets, shards, merge and reports. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { COMMANDS } from '../../src/cli/command-table';
import { PACKAGE_ROOT } from '../../src/package-root';
import { expect, test } from './fixtures';

const template = (name: string) => {
  const text = readFileSync(join(PACKAGE_ROOT, 'ci-templates', name), 'utf8');
  return { text, yaml: parse(text) as Record<string, unknown> };
};

/** Shell words of a command line; ${{ ... }} and ${VAR} stay inside their word. */
function words(line: string): string[] {
  return line.match(/(?:\$\{\{[^}]*\}\}|\$\{[^}]*\}|'[^']*'|"[^"]*"|[^\s'"$]+|\$)+/g) ?? [];
}

/** Every directory-conformance invocation in the script lines: its command and the flags it uses. */
function invocations(lines: readonly string[]): { command: string; flags: string[]; line: string }[] {
  return lines
    .flatMap((text) => text.split('\n'))
    .filter((line) => /\bdirectory-conformance\b/.test(line) && !line.trim().startsWith('#'))
    .map((line) => {
      const argv = words(line.slice(line.indexOf('directory-conformance') + 'directory-conformance'.length));
      const twoWords = argv[0] === 'probes' || argv[0] === 'history' || (argv[0] === 'survey' && argv[1] === 'merge');
      const command = twoWords ? `${argv[0]} ${argv[1]}` : argv[0]?.startsWith('--') ? 'run' : (argv[0] ?? 'run');
      return { command, flags: argv.filter((w) => w.startsWith('--')).map((w) => w.slice(2).split('=')[0]), line };
    });
}

function expectKnown(found: ReturnType<typeof invocations>): void {
  expect(found.length).toBeGreaterThan(0);
  for (const { command, flags, line } of found) {
    expect(Object.keys(COMMANDS), line).toContain(command);
    const known = Object.keys(COMMANDS[command as keyof typeof COMMANDS].flags);
    for (const flag of flags) expect(known, `${line}: --${flag}`).toContain(flag);
  }
}

/** What both templates run, in order: the probes, the sharded run and its merge, the sharded survey and its merge, and the history. */
const TEMPLATE_COMMANDS = ['probes check', 'run', 'merge', 'survey', 'survey merge', 'history page', 'history export', 'history check'];

interface GithubStep {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  if?: string;
}

test(
  'GitHub Actions: probes check, a shard matrix with blob reports, one merge job, the JUnit report and index.html kept',
  { tag: '@fast' },
  () => {
    const { yaml } = template('github-actions.yml');
    const jobs = yaml.jobs as Record<
      string,
      { steps: GithubStep[]; strategy?: { matrix: { shard: number[] } }; needs?: unknown; env?: unknown; if?: string }
    >;
    const steps = Object.values(jobs).flatMap((job) => job.steps);
    const found = invocations(steps.map((s) => s.run ?? ''));
    expectKnown(found);
    expect(found.map((f) => f.command)).toEqual(TEMPLATE_COMMANDS);
    // The token comes from the CI's secrets into API_TOKEN, wherever the service is asked (survey merge and history read files and the history only).
    for (const step of steps.filter((s) => s.run?.includes('directory-conformance') && !/survey merge|history /.test(s.run)))
      expect(step.env?.API_TOKEN).toMatch(/^\$\{\{ secrets\.[A-Z_]+ \}\}$/);
    // Nightly: the merged run and survey recorded into the team's PostgreSQL history, then the gate over time, the page kept.
    expect((yaml.on as { schedule: { cron: string }[] }).schedule).toHaveLength(1);
    const recorders = steps.filter((s) => /directory-conformance (merge|survey merge) /.test(s.run ?? ''));
    expect(recorders).toHaveLength(2);
    for (const step of recorders) expect(step.env?.HISTORY_URL).toBe('${{ secrets.DIRECTORY_HISTORY_URL }}');
    expect(jobs.history).toMatchObject({
      needs: ['report', 'survey-report'],
      if: 'always()',
      env: { HISTORY_URL: '${{ secrets.DIRECTORY_HISTORY_URL }}' },
    });
    expect(found.at(-1)!.line).toContain('history check --against last');
    expect(jobs.history.steps.at(-1)!.run).toContain('history check');
    // The survey: a four-shard matrix, each shard's whole folder kept, one merge of the four.
    expect(jobs.survey.strategy?.matrix.shard).toEqual([1, 2, 3, 4]);
    expect(found[3].line).toContain('--shard ${{ matrix.shard }}/4');
    expect(found[4].line).toMatch(/survey merge( shards\/survey-shard-\d){4} --out survey-report/);
    expect(jobs.conformance.strategy?.matrix.shard).toEqual([1, 2, 3]);
    // The merge job fails when a shard job did not succeed: a merge of some shards is no verdict.
    expect(jobs.report.steps[0]).toMatchObject({ if: "needs.conformance.result != 'success'", run: expect.stringContaining('exit 1') });
    expect(found[1].line).toContain('--shard ${{ matrix.shard }}/3');
    expect(found[1].line).toContain('--baseline conformance-baseline.json');
    const uploads = steps.filter((s) => s.uses?.startsWith('actions/upload-artifact'));
    expect(uploads.map((s) => String(s.with?.path))).toEqual([
      'conformance-report/blob',
      expect.stringContaining('conformance-report/index.html'),
      'survey-shard/',
      expect.stringContaining('survey-report/failing-keys.json'),
      'history-page/',
    ]);
    expect(
      steps.some(
        (s) => s.uses?.startsWith('mikepenz/action-junit-report') && s.with?.report_paths === 'conformance-report/conformance.junit.xml',
      ),
    ).toBe(true);
  },
);

test(
  'GitLab CI: probes check, parallel shards with blob reports, one merge job, the JUnit report and index.html kept',
  { tag: '@fast' },
  () => {
    const { yaml } = template('gitlab-ci.yml');
    const jobs = yaml as Record<
      string,
      { script?: string[]; parallel?: number; artifacts?: { paths?: string[]; reports?: { junit?: string } } }
    >;
    const found = invocations(Object.values(jobs).flatMap((job) => job.script ?? []));
    expectKnown(found);
    expect(found.map((f) => f.command)).toEqual(TEMPLATE_COMMANDS);
    // The history: the team's PostgreSQL from a masked variable; the gate after the page, its folder kept.
    expect((yaml.variables as Record<string, string>).HISTORY_URL).toBe('$DIRECTORY_HISTORY_URL');
    expect(jobs.history.script?.at(-1)).toContain('history check --against last');
    expect(jobs.history.artifacts?.paths).toEqual(['history-page/']);
    expect(found[3].line).toContain('--shard ${CI_NODE_INDEX}/${CI_NODE_TOTAL}');
    expect(found[4].line).toMatch(/survey merge( survey-shard-\d){4} --out survey-report/);
    expect((yaml.variables as Record<string, string>).API_TOKEN).toBe('$DIRECTORY_API_TOKEN');
    expect(jobs.conformance.parallel).toBe(3);
    expect(found[1].line).toContain('--shard ${CI_NODE_INDEX}/${CI_NODE_TOTAL}');
    expect(jobs.conformance.artifacts?.paths).toEqual(['conformance-report/blob/']);
    expect(jobs.report.artifacts?.reports?.junit).toBe('merged-report/conformance.junit.xml');
    // The merge runs only when every shard succeeded: a merge of some shards is no verdict.
    expect((jobs.report as { when?: string }).when).toBe('on_success');
    expect(jobs.report.artifacts?.paths).toContain('merged-report/index.html');
  },
);

test('a flag the CLI does not know is caught', { tag: '@fast' }, () => {
  expect(() => expectKnown(invocations(['npx directory-conformance run --base-ur x']))).toThrow();
  expect(() => expectKnown(invocations(['npx directory-conformance probes verify']))).toThrow();
});

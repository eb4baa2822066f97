/**
 * directory-conformance matrix: deployments side by side, in markdown and in a page read by a real
 * browser. The reports it reads are the suite's, run in this process (in-process-suite.ts) and
 * written as `run` writes them: what is tested is the matrix, not how a run is started.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redactor } from '../../src/client/redact';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { writeReport } from '../../src/report/write-report';
import { runSuiteInProcess } from '../../src/suite/in-process-suite';
import { layoutProblems, openFile } from './browser';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

test(
  'matrix: one column per report, rows whose behaviour differs marked, data differences not',
  { tag: '@full' },
  async ({ scenarios }) => {
    const dir = tempDir();
    // Three deployments: the reference, one answering ambiguity as 409 JSON (silent, §4.1 r6), one paging by 20 (a fault).
    for (const [name, scenario] of [
      ['staging', 'clean'],
      ['production', 'ambiguity-409-json'],
      ['vendor', 'page-size-20'],
    ])
      writeReport(
        join(dir, name),
        await runSuiteInProcess({ BASE_URL: `${scenarios.origin}${scenarioPrefix(scenario)}`, MAX_RPS: '0' }),
        new Redactor([]),
      );
    const files = ['staging', 'production', 'vendor'].map((name) => join(name, 'conformance.json'));
    const matrix = await commandAsync(['matrix', ...files, '--out', 'matrix.html'], { cwd: dir });
    expect(matrix.code).toBe(0);
    expect(matrix.stdout).toContain('| id | staging | production | vendor | differs |');
    expect(matrix.stdout).toMatch(/^\| ORG-PAGE \| pass \| pass \| fail \| \*\*yes\*\* \|$/m);
    expect(matrix.stdout).toMatch(
      /^\| OBS-AMBIGUITY-RESPONSE \| .*"status":200.* \| .*"status":409.* \| .*"status":200.* \| \*\*yes\*\* \|$/m,
    );
    // Page 1 holds 25 here and 20 there, and total means "all matches" in both: the same behaviour.
    expect(matrix.stdout).toMatch(
      /^\| OBS-TOTAL-ACROSS-PAGES \| \{"meaning":"all matches","total":\d+,"page1":25\} \| .* \| \{"meaning":"all matches","total":\d+,"page1":20\} \| {2}\|$/m,
    );

    const reports = files.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')));
    const { page, requests, close } = await openFile(join(dir, 'matrix.html'));
    try {
      await expect(page.locator('#requirements th')).toHaveCount(4);
      await expect(page.locator('tr[data-row="ORG-PAGE"]')).toHaveAttribute('data-differs', 'true');
      await expect(page.locator('tr[data-row="SB-AMBIGUOUS"]')).toHaveAttribute('data-differs', 'false');
      await expect(page.locator('tr[data-row="OBS-AMBIGUITY-RESPONSE"]')).toHaveAttribute('data-differs', 'true');
      await expect(page.locator('tr[data-row="OBS-TOTAL-ACROSS-PAGES"]')).toHaveAttribute('data-differs', 'false');
      await expect(page.locator('tr[data-row="OBS-AMBIGUITY-RESPONSE"] > td').nth(2)).toContainText('409');
      for (const [i, report] of reports.entries()) await expect(page.locator('#requirements th').nth(i + 1)).toContainText(report.verdict);
      // The catalogue's code words are code, not backticks shown as they are.
      await expect(page.locator('tr[data-row="OBS-TOTAL-ACROSS-PAGES"] span.reason code').first()).toHaveText('total');
      expect((await page.locator('span.reason').allInnerTexts()).join('\n')).not.toContain('`');
      expect(await layoutProblems(page), 'what a person sees at 1280 px').toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await close();
    }
    expect((await commandAsync(['matrix'], { cwd: dir })).code).toBe(2);
  },
);

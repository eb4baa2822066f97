/** index.html, read in a real browser: the verdict and every count as conformance.json has them, nothing loaded, no secret. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { layoutProblems, openFile, readmeImage } from './browser';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

const TOKEN = 'report-token-5c1e7a90';
const TENANT = 'tenant-secret-77d2';

test(
  'index.html agrees with conformance.json, loads nothing, and carries no credential',
  { tag: '@full' },
  async ({ scenarios }, testInfo) => {
    const dir = tempDir();
    // A fault, so that the report has a finding with its evidence and curl command.
    const run = await commandAsync(
      ['run', '--base-url', `${scenarios.origin}${scenarioPrefix('page-size-20')}`, '--grep', 'ORG-PAGE|SB-NO-MATCH', '--report', 'report'],
      { cwd: dir, env: { MAX_RPS: '0', API_TOKEN: TOKEN, API_HEADERS: JSON.stringify({ 'X-Tenant-Id': TENANT }) } },
    );
    expect(run.code).toBe(1);
    const reportDir = join(dir, 'report');
    const json = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8'));
    const html = readFileSync(join(reportDir, 'index.html'), 'utf8');
    for (const secret of [TOKEN, TENANT, Buffer.from(TOKEN).toString('base64')]) expect(html.includes(secret)).toBe(false);

    const { page, requests, close } = await openFile(join(reportDir, 'index.html'));
    try {
      await expect(page.locator('#verdict')).toHaveText(json.verdict.toUpperCase());
      const { answers, checks, ...statuses } = json.summary;
      await expect(page.locator('#judged')).toHaveAttribute('data-answers', String(answers));
      await expect(page.locator('#judged')).toHaveAttribute('data-checks', String(checks));
      expect(answers).toBeGreaterThan(0);
      const counts: Record<string, number> = {
        ...statuses,
        'probe problems': json.probeProblems.length,
        'run errors': json.errors.length,
      };
      for (const [name, value] of Object.entries(counts))
        await expect(page.locator(`[data-count="${name}"]`)).toHaveText(`${value} ${name}`);
      for (const r of json.requirements as { id: string; status: string }[])
        await expect(page.locator(`tr[data-requirement="${r.id}"]`)).toHaveAttribute('data-status', r.status);
      // The finding carries its evidence, and a curl command with placeholders where the credentials were.
      const finding = page.locator('[data-finding="ORG-PAGE"]');
      await expect(finding).toContainText('Page=1 returned 20 entries');
      await expect(finding.locator('mark').first()).toHaveText('/entry');
      await expect(finding).toContainText('curl -sS --max-redirs 0 -i');
      await expect(finding).toContainText('-H "Authorization: Bearer $API_TOKEN"');
      await expect(finding).toContainText('-H "X-Tenant-Id: $X_TENANT_ID"');
      // Without a baseline nothing is marked new: every failure is simply a failure.
      await expect(finding.locator('.badge.new')).toHaveCount(0);
      // The catalogue's code words are code, not backticks shown as they are.
      await expect(finding.locator('p.reason code').first()).toHaveText('Page');
      expect((await page.locator('.reason').allInnerTexts()).join('\n')).not.toContain('`');
      // Observations are tables, not JSON.
      await expect(page.locator('[data-observation="OBS-NO-MATCH"] table th').first()).toHaveText('status');
      expect(await page.content()).not.toContain(TOKEN);
      expect(await layoutProblems(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath('conformance-report.png') });
      await readmeImage(page, 'conformance-report.png');
      expect(requests).toEqual([]);
    } finally {
      await close();
    }
  },
);

test(
  'against a baseline: the banner says so, its summary comes before the findings, and an accepted failure is marked known',
  { tag: '@full' },
  async ({ scenarios }, testInfo) => {
    const dir = tempDir();
    const args = ['run', '--base-url', `${scenarios.origin}${scenarioPrefix('page-size-20')}`, '--grep', 'ORG-PAGE|SB-NO-MATCH'];
    const accepted = await commandAsync([...args, '--baseline', 'baseline.json', '--update-baseline', '--report', 'first'], {
      cwd: dir,
      env: { MAX_RPS: '0' },
    });
    expect(accepted.code, accepted.stderr).toBe(0);
    const gated = await commandAsync([...args, '--baseline', 'baseline.json', '--report', 'report'], { cwd: dir, env: { MAX_RPS: '0' } });
    expect(gated.code, gated.stderr).toBe(0);
    const { page, close } = await openFile(join(dir, 'report', 'index.html'));
    try {
      await expect(page.locator('h1')).toHaveText('Verdict: PASS against the baseline');
      await expect(page.locator('#against-baseline')).toContainText(/: 1 known .*, 0 new, 0 fixed, 0 expired/);
      // The baseline's summary is read before the findings it explains.
      const order = await page.locator('main > section').evaluateAll((sections) => sections.map((section) => section.id));
      expect(order.indexOf('baseline')).toBeLessThan(order.indexOf('findings'));
      const finding = page.locator('[data-finding="ORG-PAGE"]');
      await expect(finding).toHaveAttribute('data-known', 'true');
      await expect(finding.locator('h3 .badge')).toHaveText('fail · known');
      await expect(finding.locator('.badge.known').nth(1)).toHaveText('known');
      await expect(page.locator('tr[data-requirement="ORG-PAGE"] .badge')).toHaveText('fail · known');
      expect(await layoutProblems(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath('conformance-report-baseline.png'), fullPage: true });
    } finally {
      await close();
    }
  },
);

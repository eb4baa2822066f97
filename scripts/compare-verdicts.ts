/**
 * Whether two sets of reports say the same: `tsx scripts/compare-verdicts.ts A B`, where A and B are
 * folders of conformance.json files (one per scenario folder, as `npm run test:mutation --
 * --keep-reports DIR` keeps them, and conformance.json at the top for the embedded server). It
 * compares what the runs concluded, not when or where: timestamps, durations, the scenario
 * server's port, the reference server's bundle UUIDs and lastUpdated times, and the call counters
 * some faults number their answers with are set aside; failures are compared as sets (workers
 * finish tests in any order); events of the run (retries, rate limits) are left out, and so are
 * the check counts of the rules judged on every exchange (which worker discovers the curated ID,
 * and so how many requests a run makes, depends on scheduling), and the names of the test files
 * that skip reasons begin with (splitting a spec file changes no verdict). Exit 0 when every report
 * matches, 1 otherwise, with the differences.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Events of one run, never behaviour: which URL a transient fault struck differs every time. */
const EVENTS = new Set(['OBS-TRANSPORT-RETRY', 'OBS-RATE-LIMITED']);

/** Judged on every exchange: how many checks they ran follows how many requests the run made. */
const ON_EVERY_EXCHANGE = new Set(['HTTP-JSON', 'HTTP-NO-5XX']);

function reportsUnder(root: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'conformance.json') found.set(relative(root, path) || entry.name, path);
    }
  };
  walk(root);
  return found;
}

/** What a run concluded, with its time and place set aside. */
function normalized(file: string): unknown {
  const text = readFileSync(file, 'utf8')
    .replace(/http:\/\/127\.0\.0\.(\d):\d+/g, 'http://127.0.0.$1:PORT')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/g, 'TIME')
    .replace(/\b(bundle|row)-\d+/g, '$1-N')
    .replace(/[a-z-]+\.spec\.[jt]s › /g, 'SPEC › ')
    // Values of one run, not behaviour: the unknown curated ID the suite makes up (§4.2), and what a server derives from its run.
    .replace(/conformance-unknown-[0-9a-z]+/g, 'conformance-unknown-ID')
    .replace(/\bcached-[0-9a-f]{8}\b/g, 'cached-ID');
  const report = JSON.parse(text);
  delete report.startedAt;
  delete report.durationMs;
  for (const r of report.requirements) {
    r.failures = r.failures.map((f: unknown) => JSON.stringify(f)).sort();
    if (ON_EVERY_EXCHANGE.has(r.id)) delete r.checks;
  }
  report.observations = report.observations.filter((o: { id: string }) => !EVENTS.has(o.id));
  report.probeProblems = report.probeProblems.map((p: unknown) => JSON.stringify(p)).sort();
  return report;
}

function differences(a: unknown, b: unknown, path = ''): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b))
    return [`${path || '/'}: ${JSON.stringify(a)?.slice(0, 200)} → ${JSON.stringify(b)?.slice(0, 200)}`];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) =>
    differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}/${key}`),
  );
}

function main(): void {
  const [before, after] = process.argv.slice(2);
  if (!before || !after || !existsSync(before) || !existsSync(after)) {
    console.error('usage: tsx scripts/compare-verdicts.ts BEFORE_DIR AFTER_DIR');
    process.exit(2);
  }
  const a = reportsUnder(before);
  const b = reportsUnder(after);
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  let differing = 0;
  for (const name of names) {
    const found =
      !a.has(name) || !b.has(name)
        ? [`only in ${a.has(name) ? 'before' : 'after'}`]
        : differences(normalized(a.get(name)!), normalized(b.get(name)!));
    if (found.length === 0) continue;
    differing++;
    console.log(`${name}:\n${found.map((d) => `  ${d}`).join('\n')}`);
  }
  console.log(`verdicts: ${names.length - differing} of ${names.length} reports the same${differing > 0 ? `, ${differing} differ` : ''}`);
  process.exit(differing > 0 ? 1 : 0);
}

main();

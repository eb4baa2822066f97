/**
 * Discovery once per run, not once per worker. Playwright starts a worker again after every failed
 * test, and each would ask the unique probes again: against a service that fails most tests, the same
 * searches dozens of times, and a CPU second each. The first worker to discover writes what it found
 * to the run's own folder (made by the global set-up, removed by its teardown), and a worker started
 * later reads it instead of asking. A discovery whose text holds a configured secret (a service that
 * echoes credentials) is never written: that worker keeps it to itself, and the next one asks again.
 */
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redactor } from '../client/redact';
import { Judgement, type JudgementData, type RecordLike } from '../rules/rulebook';
import type { Discovery } from '../suite/discovery';

/** The run's folder for what its workers share, set by the global set-up; every worker inherits it. */
export const SHARED_DIR_VARIABLE = 'CONFORMANCE_SHARED_DIR';

const FILE = 'discovery.json';

interface DiscoveryData {
  goldens: RecordLike[];
  answers: JudgementData[];
  probes: JudgementData[];
}

/** Makes the run's shared folder (private to this user) and names it for the workers; returns what removes it. */
export function makeSharedFolder(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-run-'));
  process.env[SHARED_DIR_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The discovery a worker of this run wrote, or undefined: none yet, no shared folder, or a file cut short. */
export function readSharedDiscovery(dir: string | undefined): Discovery | undefined {
  if (!dir) return undefined;
  let data: DiscoveryData;
  try {
    data = JSON.parse(readFileSync(join(dir, FILE), 'utf8')) as DiscoveryData;
  } catch {
    return undefined;
  }
  return { goldens: data.goldens, answers: data.answers.map(Judgement.fromData), probes: data.probes.map(Judgement.fromData) };
}

/**
 * Writes `discovery` for the workers started after this one, unless its text holds a secret the
 * redactor knows: written whole or not at all (a worker reads a file renamed into place).
 */
export function writeSharedDiscovery(dir: string | undefined, discovery: Discovery, redactor: Redactor): boolean {
  if (!dir) return false;
  const data: DiscoveryData = {
    goldens: [...discovery.goldens],
    answers: discovery.answers.map((j) => j.toData()),
    probes: discovery.probes.map((j) => j.toData()),
  };
  const text = JSON.stringify(data);
  // Every string as the redactor reads it (keys and values, whatever JSON escapes in them): one it would change holds a secret.
  if (JSON.stringify(redactor.value(data)) !== text) return false;
  const partial = join(dir, `${FILE}.${process.pid}`);
  writeFileSync(partial, text, { mode: 0o600 });
  renameSync(partial, join(dir, FILE));
  return true;
}

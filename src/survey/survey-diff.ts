/**
 * `survey diff A B`: two witnesses of one directory side by side by identity, each a survey (its
 * journal: every organization its walks met, every provider found, each field a digest, each
 * record at the time its answer came) or an export (its files: each record at its own
 * meta.lastUpdated, or the release's date). Records added, removed and changed, per field; and,
 * where A is an export and B a survey, how long the API took to show what the export showed: a
 * record the API shows as exported was shown within the business days between the two dates; one
 * it shows otherwise, or still serves after the export removed it, is pending for at least as long.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { organizationDigests, practitionerDigests } from '../export/compare';
import { resourceNpis } from '../quality/record-quality';
import { readExport } from '../export/read-export';
import { ExportSourceError, exportSourceOf } from '../export/source';
import { isJsonObject } from '../rules/rulebook';
import type { SurveyReport } from '../types/schemas';
import { CHECKPOINT_FILE, journalUnits, readCheckpoint } from './journal';

export type SurveyDiff = NonNullable<SurveyReport['diff']>;

interface Witnessed {
  fields: Record<string, string>;
  /** When the witness showed it, in ms: a survey's answer, an export's record or release. */
  at?: number;
}

export interface Witness {
  kind: 'survey' | 'export';
  source: string;
  /** A survey's start, an export's release. */
  date?: string;
  records: Map<string, Witnessed>;
}

/** Records listed by name at most; the counts hold every one. */
export const MAX_LISTED = 10_000;
/** The lag distribution's buckets, in business days; the last is open. */
const BUCKETS = [0, 1, 2, 3, 4, 5, 10, 20] as const;
const FIVE = 5;

const DAY_MS = 86_400_000;

/** Weekdays (Monday to Friday, UTC) after `from`'s day, up to `to`'s day: business days between two instants. */
export function businessDaysBetween(from: number, to: number): number {
  const first = Math.floor(from / DAY_MS);
  const last = Math.floor(to / DAY_MS);
  let days = 0;
  for (let day = first + 1; day <= last; day++) {
    // 1970-01-01 was a Thursday: day 0 is weekday 4.
    const weekday = (day + 4) % 7;
    if (weekday !== 0 && weekday !== 6) days++;
  }
  return days;
}

async function surveyWitness(dir: string): Promise<Witness> {
  const checkpoint = readCheckpoint(dir);
  const started = Date.parse(checkpoint.started);
  const records = new Map<string, Witnessed>();
  for await (const unit of journalUnits(dir, checkpoint)) {
    const at = unit.kind === 'provider' || unit.kind === 'page' ? Date.parse(unit.at ?? checkpoint.started) : started;
    if (unit.kind === 'provider' && unit.found && unit.fields) records.set(`NPI/${unit.npi}`, { fields: unit.fields, at });
    if (unit.kind === 'page' && unit.fields)
      unit.fields.forEach((fields, i) => {
        const id = unit.ids[i];
        if (id) records.set(`Organization/${id}`, { fields, at });
      });
  }
  return { kind: 'survey', source: dir, date: checkpoint.started, records };
}

async function exportWitness(path: string): Promise<Witness> {
  const source = exportSourceOf(path);
  const released = source.released === undefined ? undefined : Date.parse(source.released);
  const records = new Map<string, Witnessed>();
  let read = false;
  for await (const { resource } of readExport(source, () => undefined)) {
    read = true;
    const stamped =
      isJsonObject(resource.meta) && typeof resource.meta.lastUpdated === 'string' ? Date.parse(resource.meta.lastUpdated) : NaN;
    const at = Number.isNaN(stamped) ? released : stamped;
    const dated = at === undefined || Number.isNaN(at) ? {} : { at };
    if (resource.resourceType === 'Organization' && typeof resource.id === 'string')
      records.set(`Organization/${resource.id}`, { fields: organizationDigests(resource), ...dated });
    else {
      const [npi] = resourceNpis(resource);
      if (npi !== undefined) records.set(`NPI/${npi}`, { fields: practitionerDigests(resource), ...dated });
    }
  }
  if (!read) throw new ExportSourceError(`${path} holds no resource that could be read: no survey's folder, and no export`);
  return { kind: 'export', source: path, ...(source.released ? { date: source.released } : {}), records };
}

/** A survey's folder (its checkpoint there), else an export on this machine. */
export const witnessOf = (path: string): Promise<Witness> =>
  existsSync(join(path, CHECKPOINT_FILE)) ? surveyWitness(path) : exportWitness(path);

/** The fields both carry on which two records differ. */
function changedFields(a: Witnessed, b: Witnessed): string[] {
  return Object.keys(a.fields).filter((field) => field in b.fields && a.fields[field] !== b.fields[field]);
}

const bucketOf = (days: number): string => {
  const index = BUCKETS.findIndex((bound) => days <= bound);
  if (index === -1) return `>${BUCKETS[BUCKETS.length - 1]}`;
  const low = index === 0 ? 0 : BUCKETS[index - 1] + 1;
  return low === BUCKETS[index] ? String(low) : `${low}-${BUCKETS[index]}`;
};

/** The buckets in order: each bound's, then the open one past the last. */
const BUCKET_NAMES = [...BUCKETS.map((bound) => bucketOf(bound)), bucketOf(Infinity)];

const distribution = (days: readonly number[]) => {
  const counts = new Map<string, number>();
  for (const day of days) {
    const bucket = bucketOf(day);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return BUCKET_NAMES.filter((bucket) => counts.has(bucket)).map((businessDays) => ({ businessDays, records: counts.get(businessDays)! }));
};

/** How long the API (B, a survey) took to show what the export (A) showed, per record dated on both sides. */
function lagOf(a: Witness, b: Witness): SurveyDiff['lag'] {
  if (a.kind !== 'export' || b.kind !== 'survey')
    return { measured: false, reason: 'the lag is measured from an export (A) to a survey of the API (B): survey diff EXPORT SURVEY' };
  const shown: number[] = [];
  const pending: number[] = [];
  const released = a.date === undefined ? undefined : Date.parse(a.date);
  for (const [key, exported] of a.records) {
    const served = b.records.get(key);
    if (!served || exported.at === undefined || served.at === undefined) continue;
    (changedFields(exported, served).length > 0 ? pending : shown).push(businessDaysBetween(exported.at, served.at));
  }
  // Served and no longer exported: a removal the API has not shown, since the release at least.
  if (released !== undefined && !Number.isNaN(released))
    for (const [key, served] of b.records)
      if (!a.records.has(key) && served.at !== undefined) pending.push(businessDaysBetween(released, served.at));
  const dated = shown.length + pending.length;
  if (dated === 0)
    return { measured: false, reason: 'no record is dated on both sides (an export without meta.lastUpdated or a release date)' };
  const past = pending.filter((days) => days > FIVE).length;
  return {
    measured: true,
    records: dated,
    shownWithin: distribution(shown),
    pendingFor: distribution(pending),
    pastFiveBusinessDays: past,
    sharePastFiveBusinessDays: Number((past / dated).toFixed(6)),
  };
}

/** A and B side by side by identity. */
export function diffWitnesses(a: Witness, b: Witness): SurveyDiff {
  const listed: SurveyDiff['listed'] = [];
  let [added, removed, changed] = [0, 0, 0];
  const byField = new Map<string, number>();
  const list = (entry: SurveyDiff['listed'][number]) => {
    if (listed.length < MAX_LISTED) listed.push(entry);
  };
  for (const key of [...new Set([...a.records.keys(), ...b.records.keys()])].sort()) {
    const [before, after] = [a.records.get(key), b.records.get(key)];
    if (!before) {
      added++;
      list({ key, change: 'added' });
    } else if (!after) {
      removed++;
      list({ key, change: 'removed' });
    } else {
      const fields = changedFields(before, after);
      if (fields.length === 0) continue;
      changed++;
      for (const field of fields) byField.set(field, (byField.get(field) ?? 0) + 1);
      list({ key, change: 'changed', fields });
    }
  }
  const side = ({ kind, source, date, records }: Witness) => ({ kind, source, ...(date ? { date } : {}), records: records.size });
  return {
    a: side(a),
    b: side(b),
    added,
    removed,
    changed,
    changedByField: Object.fromEntries([...byField].sort(([x], [y]) => (x < y ? -1 : 1))),
    listed,
    ...(added + removed + changed > listed.length ? { listedOf: added + removed + changed } : {}),
    lag: lagOf(a, b),
  };
}

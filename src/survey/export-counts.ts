/**
 * The export's measures (DQ-EXPORT-*, measures.ts), folded from the survey's units in any order, so
 * that shards merged and resumed surveys give the unsharded counts: each exported resource asked of
 * the service, once (ABSENT, DIFFERS and DIFFERS per field, by its type and file); each organization
 * the walks met, once, where a walk first met it (UNPUBLISHED); and the export's references, read
 * whole in every shard alike (DANGLING, by the type and file holding them). A rate says what it is
 * counted over; none enters the verdict (§1 shows no export behaviour).
 */
import { basename } from 'node:path';
import { COMPARED_FIELDS, PRACTITIONER_FIELDS } from '../export/compare';
import { keyHash } from '../export/key-hash';
import { NumberSet } from '../domain/number-set';
import { type DataQuality } from '../quality/quality-counts';
import { qualityMeasure, type QualityId } from '../quality/measures';
import type { FailureRow } from '../report/survey/failures-csv';
import type { SurveyReport } from '../types/schemas';
import { wilsonInterval } from '../verdicts/wilson-interval';
import { exportedPlace } from './export-record';
import type { ExportReadUnit, ExportRecordUnit } from './records';

type Rate = DataQuality['rates'][number];
type Counted = { checked: number; failed: number };

/** The kind of record a resource type is, as the scorecard names kinds. */
const recordsOf = (resourceType: string): Rate['records'] =>
  resourceType === 'Organization' ? 'organizations' : resourceType === 'Practitioner' ? 'providers' : 'resources';

/** A file as the scorecard names it: its name, whatever folder or URL it was read from. */
export const exportDataset = (file: string) => basename(file.replace(/[?#].*$/, ''));

const key = (id: QualityId, resourceType: string, dataset: string, field?: string) =>
  JSON.stringify([id, resourceType, dataset, field ?? null]);

const MAX_SHOWN_VALUES = 5;
const shown = (values: readonly string[]) =>
  values.slice(0, MAX_SHOWN_VALUES).join('; ') + (values.length > MAX_SHOWN_VALUES ? `; … ${values.length - MAX_SHOWN_VALUES} more` : '');

export class ExportCounts {
  private readonly counts = new Map<string, Counted>();
  /** Resources counted: each once (a hash of its file and line), whatever the journals repeat. */
  private readonly counted = new NumberSet();
  private asked = 0;
  private notAsked = 0;
  private unreadable = 0;
  private read: ExportReadUnit | undefined;

  constructor(
    /** --export as the plan names it: the dataset of what the walks met. */
    private readonly source: string,
    private readonly row: (row: FailureRow) => void,
  ) {}

  private count(at: string, failed: boolean): void {
    const counts = this.counts.get(at) ?? { checked: 0, failed: 0 };
    counts.checked++;
    if (failed) counts.failed++;
    this.counts.set(at, counts);
  }

  /** Counts a unit; false for a resource counted already (its requests too). */
  add(unit: ExportRecordUnit | ExportReadUnit): boolean {
    if (unit.kind === 'export-read') {
      this.read = unit;
      return true;
    }
    const hash = keyHash(exportedPlace(unit));
    if (this.counted.has(hash)) return false;
    this.counted.add(hash);
    if (unit.unreadable) this.unreadable++;
    if (unit.found === undefined) {
      if (!unit.unreadable) this.notAsked++;
      return true;
    }
    this.asked++;
    const dataset = exportDataset(unit.file);
    const exportUrl = `${unit.file}:${unit.line}`;
    this.count(key('DQ-EXPORT-ABSENT', unit.resourceType, dataset), !unit.found);
    if (!unit.found) {
      this.row({
        ...this.rowOf(unit, 'DQ-EXPORT-ABSENT'),
        message: `exported at ${exportUrl}; no search of the service found it`,
        exportUrl,
      });
      return true;
    }
    this.count(key('DQ-EXPORT-DIFFERS', unit.resourceType, dataset), unit.differences.length > 0);
    const fields = new Set(unit.differences.map((d) => d.field));
    for (const field of unit.resourceType === 'Organization' ? COMPARED_FIELDS : PRACTITIONER_FIELDS)
      this.count(key('DQ-EXPORT-DIFFERS', unit.resourceType, dataset, field), fields.has(field));
    for (const { field, exportedOnly, servedOnly } of unit.differences)
      this.row({
        ...this.rowOf(unit, 'DQ-EXPORT-DIFFERS'),
        message: `${field}: the export holds ${shown(exportedOnly) || 'no other value'}; the service answers ${shown(servedOnly) || 'no other value'}`,
        pointer: field,
        value: shown(servedOnly),
        exportValue: shown(exportedOnly),
        exportUrl,
      });
    return true;
  }

  private rowOf(unit: ExportRecordUnit, id: QualityId): FailureRow {
    return {
      key: unit.key,
      requirement: id,
      level: 'DQ',
      rule: qualityMeasure(id).title,
      message: '',
      pointer: '',
      value: '',
      source: exportDataset(unit.file),
      url: unit.url ?? '',
    };
  }

  /** An organization the walks met, counted once: whether the export holds it. */
  met(exported: boolean): void {
    this.count(key('DQ-EXPORT-UNPUBLISHED', 'Organization', exportDataset(this.source)), !exported);
  }

  /** The rates, in the scorecard's shape (a rate per measure, type and file, and per field of DIFFERS). */
  rates(): Rate[] {
    const all = new Map(this.counts);
    for (const { file, resourceType, checked, dangling } of this.read?.references ?? [])
      if (checked > 0) all.set(key('DQ-EXPORT-DANGLING', resourceType, exportDataset(file)), { checked, failed: dangling });
    return [...all]
      .map(([at, { checked, failed }]) => {
        const [id, resourceType, dataset, field] = JSON.parse(at) as [QualityId, string, string, string | null];
        return {
          id,
          family: 'export' as const,
          records: recordsOf(resourceType),
          resourceType,
          dataset,
          ...(field === null ? {} : { field }),
          checked,
          failed,
          rate: Number((failed / checked).toFixed(6)),
          interval95: wilsonInterval(failed, checked),
        };
      })
      .sort((a, b) => (a.id + a.resourceType + a.dataset + (a.field ?? '') < b.id + b.resourceType + b.dataset + (b.field ?? '') ? -1 : 1));
  }

  /** survey.json's export: what the export held, what was asked of it, and where freshness cannot be read from it. */
  summary(): NonNullable<SurveyReport['export']> {
    return {
      source: this.source,
      resources: this.read?.resources ?? {},
      asked: this.asked,
      notAsked: this.notAsked,
      unreadable: this.unreadable,
      problems: this.read?.problems ?? 0,
      ...(this.read?.notSampled === undefined ? {} : { notSampled: this.read.notSampled }),
      freshness: (this.read?.oneStamp ?? []).map(({ file, stamp, resources }) => ({
        file: exportDataset(file),
        stamp,
        resources,
        measurable: false,
        text: `every meta.lastUpdated of ${exportDataset(file)} is ${stamp}: the export's own time, so a record's freshness is not measurable from it (neither fresh nor stale)`,
      })),
    };
  }
}

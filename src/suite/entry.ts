/**
 * The conformance suite as data: each entry a title, the subjects of the rulebook it judges, and its
 * plan, the requests it makes in order through the context a driver hands it. A driver supplies the
 * transport, the recorder and how an entry is skipped or stepped: Playwright's test() for
 * `run` (src/harness), one process for the mutation run and the self-tests (src/suite-runs). The
 * entries themselves import no driver.
 */
import type { DirectoryEndpoints } from '../client/endpoints';
import type { Judgement, RecordLike, SubjectKind, Subjects } from '../rules/rulebook';
import type { RequirementId } from '../spec/catalogue';
import type { NotJudgedReason, Probes } from '../types/schemas';
import type { Discovery } from './discovery';

/** What an entry records: every judgement of the rulebook, the parts it cannot check, and what it saw of the data. */
export interface EntryChecks {
  /** Hands a subject to the rulebook; what its rules conclude is recorded and returned. The entry must declare the subject. */
  judge<K extends SubjectKind>(subject: K, value: Subjects[K]): Judgement;
  /** What a rule concluded, recorded as it is. */
  record(judgement: Judgement): Judgement;
  /** An answer judged as an answer of its endpoint, counted and recorded. */
  answered(judgement: Judgement): void;
  /** A part of a requirement the entry cannot check, and why. */
  skip(id: RequirementId, reason: NotJudgedReason): void;
  /** Every requirement of a subject the entry cannot meet, and why. */
  skipSubject(subject: SubjectKind, reason: NotJudgedReason): void;
  /** What the entry saw of the service's data: golden records, and their source records by dataset. */
  cover(coverage: { goldenRecords: number; sourceDatasets: Record<string, number> }): void;
}

export interface EntryContext {
  /** The three endpoints: every answer is judged as an answer of its endpoint, and recorded, whatever the entry asked it for. */
  api: DirectoryEndpoints;
  checks: EntryChecks;
  probes: Probes;
  settings: {
    /** Pages a walk takes at most (MAX_PAGES). */
    maxPages: number;
    /** The tenant searches by status (STATUS_SEARCH, or the probes file's organization.statusSearch). */
    statusSearch: boolean;
  };
  /** The golden records the unique probes lead to, found once per target before the entries run (discovery.ts). */
  discovery: Discovery;
  /** Ends the entry as skipped when `skipped`, with the typed reason. */
  skipEntry(skipped: boolean, reason: NotJudgedReason): void;
  /** A named step of the entry: a probe of a list, a curated ID; the report says which one failed. */
  step(label: string, body: () => Promise<void>): Promise<void>;
}

export interface SuiteEntry {
  title: string;
  /** The subjects of the rulebook it judges: what it declares, and what its tags are made of. */
  subjects: readonly SubjectKind[];
  plan(context: EntryContext): Promise<void>;
}

/** The entries of one spec file, under one describe title. */
export interface SuiteGroup {
  /** The spec file's name without `.spec.ts`: the test titles of the reports name it. */
  file: string;
  describe: string;
  entries: readonly SuiteEntry[];
}

export type { RecordLike };

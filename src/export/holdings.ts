/**
 * What an export holds, read from it alone (`survey --export … --dry-run`, and the export side of
 * the survey): resources by type; the NPIs it carries by the system that names them, the systems
 * that name one identifier counted as one (domain/identifiers.ts) with each system's share; the
 * references that resolve to no resource of the export (DQ-EXPORT-DANGLING's count); and whether
 * `meta.lastUpdated` can tell a record's freshness, which it cannot where a file stamps every
 * resource alike (the export's own time, not the record's).
 *
 * Memory is a number per resource and per reference (a 52-bit hash of `Type/id` in a NumberSet or
 * a Float64Array), not their text: a national export of millions is indexed in tens of megabytes.
 * Two keys of one hash are one resource here; at a million keys that happens with a probability
 * near one in ten thousand, and can only hide a dangling reference, never invent one.
 */
import { identifierNamedBy } from '../domain/identifiers';
import { NumberSet } from '../domain/number-set';
import { keyHash } from './key-hash';
import type { JsonObject } from '../rules/rulebook';
import { identifiersOf } from './compare';
import type { ExportedResource, ExportProblem, FileRead } from './read-export';

/** A reference's `Type/id`, where it points into the export: a relative reference, or an absolute one ending so. */
const LOCAL_REFERENCE = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/;

/**
 * A `reference` member in a line's JSON text: read from the text, not by walking the parsed
 * resource (an eighth of the reading's time, and a stack as deep as the line nests). The name in
 * quotes, a colon, a string: inside a string value the quotes would be escaped, so nothing there
 * matches.
 */
const REFERENCE_MEMBER = /"reference"\s*:\s*"((?:[^"\\]|\\.)*)"/g;

/** The `reference` strings of a line's resource, at any depth. */
function referencesIn(text: string): string[] {
  const references: string[] = [];
  for (const [, raw] of text.matchAll(REFERENCE_MEMBER)) references.push(raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw);
  return references;
}

/** References kept with their text to show: the first ones that had no target when they were read. */
const EXAMPLES_KEPT = 50;
/** Unreadable lines and dangling references shown in full: the first of each. */
export const FIRST_SHOWN = 5;

interface FileStamps {
  stamped: number;
  first?: string;
  alike: boolean;
}

export interface DanglingReference {
  file: string;
  line: number;
  from: string;
  reference: string;
}

export interface ExportHoldings {
  files: FileRead[];
  problems: number;
  /** The first problems, in full. */
  problemsShown: ExportProblem[];
  resources: Record<string, number>;
  /** Per identifier a system of domain/identifiers.ts names: resources carrying it, by system. */
  identifiers: Record<string, { resources: number; bySystem: Record<string, number> }>;
  references: { checked: number; dangling: number; shown: DanglingReference[] };
  /** The same references, by the file and the type of the resource holding them (DQ-EXPORT-DANGLING's rate per type and source). */
  referencesByOrigin: { file: string; resourceType: string; checked: number; dangling: number }[];
  /** Per file holding meta.lastUpdated: whether every resource bears one stamp. */
  stamps: { file: string; stamped: number; oneStamp?: string }[];
}

/** Reads resources one at a time; `holdings()` says what they were. */
export class ExportIndex {
  private readonly resources = new Map<string, number>();
  private readonly keys = new NumberSet();
  private references = new Float64Array(1 << 16);
  private referenceCount = 0;
  /** Each reference's origin (its file and its resource's type), as an index into originNames. */
  private origins = new Uint32Array(1 << 16);
  private readonly originNames = new Map<string, number>();
  /** Each Organization's identifiers as one value each (compare.ts), hashed: what the service's organizations are looked up by. */
  private readonly organizationIdentities = new NumberSet();
  private readonly candidates: (DanglingReference & { hash: number })[] = [];
  private readonly identifiers = new Map<string, { resources: number; bySystem: Map<string, number> }>();
  private readonly stamps = new Map<string, FileStamps>();
  private readonly files: FileRead[] = [];
  private readonly problemsShown: ExportProblem[] = [];
  private problems = 0;

  problem(problem: ExportProblem): void {
    this.problems++;
    if (this.problemsShown.length < FIRST_SHOWN) this.problemsShown.push(problem);
  }

  fileRead(read: FileRead): void {
    this.files.push(read);
  }

  add({ file, line, resource, text }: ExportedResource): void {
    const type = resource.resourceType;
    this.resources.set(type, (this.resources.get(type) ?? 0) + 1);
    const id = typeof resource.id === 'string' ? resource.id : undefined;
    if (id !== undefined) this.keys.add(keyHash(`${type}/${id}`));
    this.countIdentifiers(resource);
    if (type === 'Organization') for (const identity of identifiersOf(resource)) this.organizationIdentities.add(keyHash(identity));
    this.stamp(file, resource);
    const originKey = `${file}\n${type}`;
    let origin = this.originNames.get(originKey);
    for (const reference of referencesIn(text)) {
      const local = LOCAL_REFERENCE.exec(reference);
      if (!local) continue;
      const hash = keyHash(`${local[1]}/${local[2]}`);
      if (origin === undefined) this.originNames.set(originKey, (origin = this.originNames.size));
      this.keepReference(hash, origin);
      if (this.candidates.length < EXAMPLES_KEPT && !this.keys.has(hash))
        this.candidates.push({ file, line, from: id === undefined ? type : `${type}/${id}`, reference, hash });
    }
  }

  private keepReference(hash: number, origin: number): void {
    if (this.referenceCount === this.references.length) {
      const grown = new Float64Array(this.references.length * 2);
      grown.set(this.references);
      this.references = grown;
      const origins = new Uint32Array(this.origins.length * 2);
      origins.set(this.origins);
      this.origins = origins;
    }
    this.origins[this.referenceCount] = origin;
    this.references[this.referenceCount++] = hash;
  }

  /** Whether the export holds an organization the service serves: one of its id, or one sharing an identifier with it. */
  holdsOrganization(served: JsonObject): boolean {
    if (typeof served.id === 'string' && this.keys.has(keyHash(`Organization/${served.id}`))) return true;
    return identifiersOf(served).some((identity) => this.organizationIdentities.has(keyHash(identity)));
  }

  private countIdentifiers(resource: Record<string, unknown>): void {
    const seen = new Map<string, Set<string>>();
    for (const identifier of Array.isArray(resource.identifier) ? resource.identifier : []) {
      const system = typeof identifier?.system === 'string' ? identifier.system : '';
      const named = identifierNamedBy(system);
      if (named === undefined || typeof identifier.value !== 'string' || identifier.value.trim() === '') continue;
      seen.set(named, (seen.get(named) ?? new Set()).add(system));
    }
    for (const [named, systems] of seen) {
      const counts = this.identifiers.get(named) ?? { resources: 0, bySystem: new Map<string, number>() };
      counts.resources++;
      for (const system of systems) counts.bySystem.set(system, (counts.bySystem.get(system) ?? 0) + 1);
      this.identifiers.set(named, counts);
    }
  }

  private stamp(file: string, resource: Record<string, unknown>): void {
    const meta = resource.meta as { lastUpdated?: unknown } | undefined;
    if (typeof meta?.lastUpdated !== 'string') return;
    const stamps = this.stamps.get(file) ?? { stamped: 0, alike: true };
    stamps.stamped++;
    if (stamps.first === undefined) stamps.first = meta.lastUpdated;
    else if (stamps.first !== meta.lastUpdated) stamps.alike = false;
    this.stamps.set(file, stamps);
  }

  holdings(): ExportHoldings {
    let dangling = 0;
    const byOrigin = [...this.originNames.keys()].map((key) => {
      const [file, resourceType] = key.split('\n');
      return { file, resourceType, checked: 0, dangling: 0 };
    });
    for (let i = 0; i < this.referenceCount; i++) {
      const counts = byOrigin[this.origins[i]];
      counts.checked++;
      if (!this.keys.has(this.references[i])) {
        dangling++;
        counts.dangling++;
      }
    }
    return {
      files: this.files,
      problems: this.problems,
      problemsShown: this.problemsShown,
      resources: Object.fromEntries(this.resources),
      identifiers: Object.fromEntries(
        [...this.identifiers].map(([named, { resources, bySystem }]) => [named, { resources, bySystem: Object.fromEntries(bySystem) }]),
      ),
      references: {
        checked: this.referenceCount,
        dangling,
        shown: this.candidates
          .filter(({ hash }) => !this.keys.has(hash))
          .slice(0, FIRST_SHOWN)
          .map(({ hash: _hash, ...shown }) => shown),
      },
      referencesByOrigin: byOrigin,
      stamps: [...this.stamps].map(([file, { stamped, first, alike }]) => ({
        file,
        stamped,
        ...(alike && stamped > 1 && first !== undefined ? { oneStamp: first } : {}),
      })),
    };
  }
}

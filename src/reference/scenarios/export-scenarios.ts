/**
 * Exports that disagree with the service, and ones that do not, as directories have published them:
 * the reference server's API unchanged, its bulk export bent one way (Behaviour['export']). Each
 * plants a known number of findings of one DQ-EXPORT-* measure, counted from the directory it is
 * served over; a conformant export plants none, whatever it changes (the NPI under another of its
 * systems is the same NPI).
 */
import type { Directory } from '../directory';
import { type Behaviour, REFERENCE_BEHAVIOUR } from './behaviour';
import type { Scenario } from './scenario';

/** The export's own findings: a reference to no resource of it, and files whose every lastUpdated is one stamp. */
export type ExportFinding = 'DQ-EXPORT-DANGLING' | 'one-stamp-files' | 'DQ-EXPORT-ABSENT' | 'DQ-EXPORT-DIFFERS' | 'DQ-EXPORT-UNPUBLISHED';

export interface ExportScenario extends Scenario {
  /** What it plants, by finding, over `directory`: the counts a reading must find exactly. */
  planted(directory: Directory): Partial<Record<ExportFinding, number>>;
  behaviour: { export: Behaviour['export'] };
}

/** Every n-th resource of its type, from the first: how many of `size` that is. */
const everyNth = (n: number, size: number) => Math.ceil(size / n);
const NPI = 'http://hl7.org/fhir/sid/us-npi';
const RENAMED_NPI = 'http://terminology.hl7.org/NamingSystem/npi';
/** The export's own time, where a release stamps every resource with it. */
export const EXPORT_STAMP = '2026-12-01T00:00:00.000Z';
const { publish, extra } = REFERENCE_BEHAVIOUR.export;
const isOrganization = (resource: Record<string, unknown>) => resource.resourceType === 'Organization';

const DANGLING_EVERY = 50;
const DIFFERS_EVERY = 40;
const ABSENT = 20;
const UNPUBLISHED_EVERY = 30;

const isDangling = (resource: Record<string, unknown>, at: number) =>
  isOrganization(resource) && at % DANGLING_EVERY === 0 && resource.partOf === undefined;

/** The organizations the dangling scenario bends, in the order the export publishes them. */
function dangling(directory: Directory): unknown[] {
  const all = directory.organizations.search({});
  return all.slice(0, all.length).filter((organization, at) => isDangling(organization as unknown as Record<string, unknown>, at));
}

/** A conformant export: none of any finding. */
const plantsNothing = (): Record<ExportFinding, number> => ({
  'DQ-EXPORT-DANGLING': 0,
  'one-stamp-files': 0,
  'DQ-EXPORT-ABSENT': 0,
  'DQ-EXPORT-DIFFERS': 0,
  'DQ-EXPORT-UNPUBLISHED': 0,
});

export const EXPORT_SCENARIOS: readonly ExportScenario[] = [
  {
    name: 'export-conformant',
    description: 'the export publishes every record as the API serves it',
    planted: plantsNothing,
    behaviour: { export: REFERENCE_BEHAVIOUR.export },
  },
  {
    name: 'export-npi-system-renamed',
    description: `the release names the NPI's system ${RENAMED_NPI}, where the API says ${NPI}: the same identifier`,
    planted: plantsNothing,
    behaviour: {
      export: {
        publish: (resource) => ({
          ...resource,
          identifier: ((resource.identifier ?? []) as { system?: string }[]).map((i) =>
            i.system === NPI ? { ...i, system: RENAMED_NPI } : i,
          ),
        }),
        extra,
      },
    },
  },
  {
    name: 'export-dangling-partof',
    description: `every ${DANGLING_EVERY}th organization, where the API serves it without a partOf, points to no organization of the release`,
    planted: (directory) => ({ 'DQ-EXPORT-DANGLING': dangling(directory).length, 'DQ-EXPORT-DIFFERS': 0 }),
    behaviour: {
      export: {
        // Only where the API serves no partOf: one the export changed would also be a value that differs.
        publish: (resource, at) =>
          isDangling(resource, at) ? { ...resource, partOf: { reference: `Organization/no-such-parent-${at}` } } : resource,
        extra,
      },
    },
  },
  {
    name: 'export-one-stamp',
    description: "every resource's meta.lastUpdated is the export's own time",
    planted: () => ({ 'one-stamp-files': 2 }),
    behaviour: {
      export: { publish: (resource) => ({ ...resource, meta: { ...(resource.meta as object), lastUpdated: EXPORT_STAMP } }), extra },
    },
  },
  {
    name: 'export-absent-from-api',
    description: `the release holds ${ABSENT} organizations the API does not serve`,
    planted: () => ({ 'DQ-EXPORT-ABSENT': ABSENT }),
    behaviour: {
      export: {
        publish,
        extra: (type) =>
          type !== 'Organization'
            ? []
            : Array.from({ length: ABSENT }, (_, i) => ({
                resourceType: 'Organization',
                id: `export-only-${i}`,
                name: `EXPORT ONLY CLINIC ${i}`,
                active: true,
              })),
      },
    },
  },
  {
    name: 'export-value-differs',
    description: `every ${DIFFERS_EVERY}th organization's name in the release is not the name the API serves`,
    planted: (directory) => ({ 'DQ-EXPORT-DIFFERS': everyNth(DIFFERS_EVERY, directory.organizations.size) }),
    behaviour: {
      export: {
        publish: (resource, at) =>
          isOrganization(resource) && at % DIFFERS_EVERY === 0 ? { ...resource, name: `${String(resource.name)} FORMERLY` } : resource,
        extra,
      },
    },
  },
  {
    name: 'export-unpublished',
    description: `every ${UNPUBLISHED_EVERY}th organization the API serves is left out of the release`,
    planted: (directory) => ({ 'DQ-EXPORT-UNPUBLISHED': everyNth(UNPUBLISHED_EVERY, directory.organizations.size) }),
    behaviour: {
      export: { publish: (resource, at) => (isOrganization(resource) && at % UNPUBLISHED_EVERY === 0 ? undefined : resource), extra },
    },
  },
];

/** The exports that plant nothing: served as variants (`serve`, REFERENCE_VARIANT), the rest as faults. */
export const CONFORMANT_EXPORTS = EXPORT_SCENARIOS.filter((scenario) => scenario.planted === plantsNothing);
export const EXPORT_FAULTS = EXPORT_SCENARIOS.filter((scenario) => scenario.planted !== plantsNothing);

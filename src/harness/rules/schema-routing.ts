import type { RequirementId } from '../catalogue';
import type { SchemaViolation } from '../../schemas/validator';

/**
 * One schema describes a whole response, but its rules belong to several requirements. Each
 * violation goes to the requirement of the first route whose location pattern (and, when given,
 * schema-path pattern) matches.
 */
interface Route {
  location: RegExp;
  schemaPath?: RegExp;
  id: RequirementId;
}

/** §2.3 rules 5–6 live in the format definitions; the rest of `data` is shape (§2.3, §2.4). */
const FORMAT_DEFINITION = /\$defs\/(Phone|Zip|DirectoryDate)\//;

const dataRoutes = (prefix: string): Route[] => [
  { location: new RegExp(`^${prefix}/data/.`), schemaPath: FORMAT_DEFINITION, id: 'DATA-FORMATS' },
  { location: new RegExp(`^${prefix}/data/.`), id: 'DATA-SHAPE' },
];

export const ROUTES = {
  goldenRecord: [...dataRoutes(''), { location: /.*/, id: 'SB-RECORD-SHAPE' }],
  sourceRecords: [...dataRoutes('/\\d+'), { location: /^\/\d+/, id: 'SR-ELEMENT-SHAPE' }, { location: /.*/, id: 'SR-ROOT-ARRAY' }],
  bundle: [
    { location: /^\/entry\/\d+\/search\/mode$/, id: 'ORG-SEARCH-MODE' },
    { location: /^\/entry\/\d+\/resource\/partOf\/reference$/, id: 'ORG-PARTOF' },
    { location: /^\/entry\/\d+\/resource\/resourceType$/, id: 'ORG-ENTRY-SHAPE' },
    { location: /^\/entry\/\d+\/resource\/./, id: 'ORG-RESOURCE-SHAPE' },
    { location: /^\/entry\/\d+/, id: 'ORG-ENTRY-SHAPE' },
    { location: /.*/, id: 'ORG-BUNDLE-SHAPE' },
  ],
} satisfies Record<string, Route[]>;

export function routeViolations(routes: readonly Route[], violations: readonly SchemaViolation[]): Map<RequirementId, SchemaViolation[]> {
  const routed = new Map<RequirementId, SchemaViolation[]>();
  for (const violation of violations) {
    const route = routes.find((r) => r.location.test(violation.location) && (!r.schemaPath || r.schemaPath.test(violation.schemaPath)));
    if (!route) continue;
    routed.set(route.id, [...(routed.get(route.id) ?? []), violation]);
  }
  return routed;
}

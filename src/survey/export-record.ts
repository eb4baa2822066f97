/**
 * One resource of the export (--export) asked of the service. An Organization is asked of
 * /fhir/organization by each search that may find it (compare.ts: each identifier in each form §4.3
 * allows, then its name in its state), in turn, until an answer holds it; a resource carrying an
 * NPI is asked of searchSingleBest by each NPI (§4.1). Found, it is compared on the fields both
 * carry. What the service refuses to say (a 429, a 5xx) throws, as every unit's requests do
 * (TimedRequests): never evidence that a record is absent.
 */
import type { DirectoryEndpoints } from '../client/endpoints';
import { exportSearches, organizationDifferences, practitionerDifferences, sameOrganization } from '../export/compare';
import type { ExportedResource } from '../export/read-export';
import { classifySingleBest, entriesOf, isBundle, isJsonObject, type JsonObject, type Redact, resourceOf, textOf } from '../rules/rulebook';
import { resourceNpis } from '../quality/record-quality';
import type { ExportRecordUnit } from './records';
import type { TimedRequests } from './timed-requests';

/** A resource's key in survey.json and failures.csv: `Type/id`, or where it is in the export when it has no id. */
export function exportedKey({ resource, file, line }: Pick<ExportedResource, 'resource' | 'file' | 'line'>): string {
  const id = textOf(resource.id);
  return id === '' ? `${resource.resourceType} at ${file}:${line}` : `${resource.resourceType}/${id}`;
}

/** An exported resource's place, `file` and `line`: what the journal and the counts know it by, whatever its key. */
export const exportedPlace = ({ file, line }: Pick<ExportedResource, 'file' | 'line'>) => `${file}\n${line}`;

type Found = Pick<ExportRecordUnit, 'found' | 'url' | 'differences' | 'unreadable'>;

async function organizationFound(endpoints: DirectoryEndpoints, exported: JsonObject, requests: TimedRequests): Promise<Found> {
  const searches = exportSearches(exported);
  if (searches.length === 0) return { differences: [] };
  let url = '';
  for (const query of searches) {
    const exchange = await requests.ask('organization', () => endpoints.organizations(query));
    url = exchange.url;
    // A search that finds nothing may answer a 4xx (§4.3 leaves the no-match answer open): not found by it.
    if (!isBundle(exchange)) continue;
    const served = entriesOf(exchange.body)
      .map(resourceOf)
      .filter((r): r is JsonObject => isJsonObject(r));
    const same = sameOrganization(exported, served);
    if (same) return { found: true, url, differences: organizationDifferences(exported, same) };
  }
  return { found: false, url, differences: [] };
}

async function providerFound(endpoints: DirectoryEndpoints, exported: JsonObject, requests: TimedRequests): Promise<Found> {
  let url = '';
  let unreadable = false;
  for (const npi of resourceNpis(exported)) {
    const exchange = await requests.ask('searchSingleBest', () => endpoints.searchSingleBest({ NPI: npi }));
    url = exchange.url;
    const answer = classifySingleBest(exchange);
    if (answer.kind === 'record')
      return {
        found: true,
        url,
        differences: isJsonObject(answer.record.data) ? practitionerDifferences(exported, answer.record.data) : [],
      };
    // More than one provider holds the NPI (§4.1 r4): the service has it; which record is the exported one it does not say.
    if (answer.kind === 'ambiguity') return { found: true, url, differences: [] };
    if (answer.kind !== 'none') unreadable = true;
  }
  // An answer that held no readable record is neither found nor not found, as the survey's NPIs count it.
  return unreadable ? { url, differences: [], unreadable: true } : { found: false, url, differences: [] };
}

/** The unit of one exported resource; a request without an answer about the data throws, with `requests` holding what was asked. */
export async function surveyExportedResource(
  endpoints: DirectoryEndpoints,
  exported: ExportedResource,
  redact: Redact,
  requests: TimedRequests,
): Promise<ExportRecordUnit> {
  const { resource, file, line } = exported;
  const found =
    resource.resourceType === 'Organization'
      ? await organizationFound(endpoints, resource, requests)
      : await providerFound(endpoints, resource, requests);
  return {
    kind: 'export',
    file,
    line,
    resourceType: resource.resourceType,
    key: exportedKey(exported),
    ...(found.found === undefined ? {} : { found: found.found }),
    ...(found.unreadable ? { unreadable: true as const } : {}),
    ...(found.url ? { url: redact(found.url) } : {}),
    differences: found.differences,
    requests: requests.outcomes,
  };
}

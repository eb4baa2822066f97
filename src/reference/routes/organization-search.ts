import type { FastifyInstance } from 'fastify';
import { MAX_COUNT, ORGANIZATION_FILTERS, PAGE_SIZE, PAGING_PARAMETERS, type OrganizationFilter } from '../../spec/constants';
import { buildBundle, type PageRequest } from '../bundle';
import { RequestError } from '../errors';
import { type RawQuery, readQuery } from '../query';
import { type RouteContext, requestUrl } from './context';

const KNOWN = new Set<string>([...ORGANIZATION_FILTERS, ...PAGING_PARAMETERS]);

function positiveInteger(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^[0-9]+$/.test(raw) || !Number.isSafeInteger(value) || value < 1) {
    throw new RequestError(400, 'invalid-parameter', `${name} must be a whole number of at least 1, got "${raw.slice(0, 32)}"`);
  }
  return value;
}

/**
 * §4.3, §8: Count alone gives one page of Count records (at most 1000: larger values are clamped),
 * Page alone gives 25 per page, both give page Page of Count records; neither gives the first 25.
 */
function pageOf(parameters: Map<string, string>): PageRequest {
  const count = positiveInteger('Count', parameters.get('Count'));
  const page = positiveInteger('Page', parameters.get('Page'));
  return { page: page ?? 1, size: Math.min(count ?? PAGE_SIZE, MAX_COUNT) };
}

/** GET {fhir}/organization (§4.3). */
export function organizationSearchRoute(app: FastifyInstance, { directory, fhirPath }: RouteContext): void {
  app.get(`${fhirPath}/organization`, async (request, reply) => {
    const parameters = readQuery(request.query as RawQuery, (name) => KNOWN.has(name));
    const filters: Partial<Record<OrganizationFilter, string>> = {};
    for (const name of ORGANIZATION_FILTERS) {
      const value = parameters.get(name);
      if (value !== undefined) filters[name] = value;
    }
    if (Object.keys(filters).length === 0) {
      throw new RequestError(400, 'required', `give at least one search parameter (§4.3, §8): ${ORGANIZATION_FILTERS.join(', ')}`);
    }
    if (filters.active !== undefined && !/^(true|false)$/.test(filters.active)) {
      throw new RequestError(400, 'invalid-parameter', 'active must be true or false (§4.3)');
    }
    const page = pageOf(parameters);
    const bundle = buildBundle(directory.organizations.search(filters), page, requestUrl(request));
    return reply.type('application/json; charset=utf-8').send(bundle);
  });
}

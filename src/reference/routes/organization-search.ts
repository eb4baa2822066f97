import type { FastifyInstance } from 'fastify';
import { ORGANIZATION_FILTERS, PAGING_PARAMETERS } from '../../spec/constants';
import { buildBundle } from '../bundle';
import { RequestError } from '../errors';
import type { OrganizationFilters } from '../organization-index';
import { parameterNames, type RawQuery, readQuery } from '../query';
import { isAnswer } from '../scenarios/behaviour';
import { type RouteContext, requestUrl, scenarioContext, send } from './context';

const ROUTE = '/organization';
const KNOWN = [...ORGANIZATION_FILTERS, ...PAGING_PARAMETERS];

/** `raw` as a whole number of at least `least`; one that is none is refused, or ignored by a `lenient` service. */
function wholeNumber(name: string, raw: string | undefined, least: number, lenient: boolean): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^[0-9]+$/.test(raw) || !Number.isSafeInteger(value) || value < least) {
    if (lenient) return undefined;
    throw new RequestError(400, 'invalid-parameter', `${name} must be a whole number of at least ${least}, got "${raw.slice(0, 32)}"`);
  }
  return value;
}

/** The filters as the service compares them (Behaviour.http.searchValue); undefined when one can match nothing. */
function comparedFilters(filters: OrganizationFilters, searchValue: (parameter: string, value: string) => string | null) {
  const compared: OrganizationFilters = {};
  for (const [name, value] of Object.entries(filters) as [keyof OrganizationFilters, string][]) {
    const used = searchValue(name, value);
    if (used === null) return undefined;
    compared[name] = used;
  }
  return compared;
}

/** GET {fhir}/organization (§4.3). */
export function organizationSearchRoute(app: FastifyInstance, context: RouteContext): void {
  const { behaviour, directory } = context;
  const canonical = parameterNames(KNOWN, behaviour.http.caseInsensitiveNames);

  app.get(`${behaviour.organization.path}${ROUTE}`, { config: { errorBody: 'fhir' } }, async (request, reply) => {
    const query = behaviour.organization.query(request.query as RawQuery);
    const lenient = behaviour.http.lenientInput === true;
    const raw = readQuery(query, (name) => canonical(name) !== undefined, lenient);
    const parameters = new Map([...raw].map(([name, value]) => [canonical(name)!, value]));
    const given: OrganizationFilters = {};
    for (const name of ORGANIZATION_FILTERS) {
      const value = parameters.get(name);
      if (value !== undefined) given[name] = value;
    }
    if (given.active !== undefined && !/^(true|false)$/.test(given.active)) {
      if (!lenient) throw new RequestError(400, 'invalid-parameter', 'active must be true or false (§4.3)');
      delete given.active;
    }
    if (behaviour.organization.requireSearchParameter && Object.keys(given).length === 0) {
      throw new RequestError(400, 'required', `give at least one search parameter (§4.3, §8): ${ORGANIZATION_FILTERS.join(', ')}`);
    }
    const count = wholeNumber('Count', parameters.get('Count'), 1, lenient);
    const page = wholeNumber('Page', parameters.get('Page'), behaviour.organization.firstPage, lenient);
    const filters = comparedFilters(behaviour.organization.filters(given, page ?? 1), behaviour.http.searchValue);
    const matches = filters ? behaviour.organization.search(filters, directory.organizations) : [];
    const window = behaviour.organization.paging(count, page, matches.length, given);
    if (isAnswer(window)) return send(reply, window);
    const bundle = buildBundle(matches, window, requestUrl(request));
    return send(reply, {
      status: 200,
      type: behaviour.organization.mediaType,
      body: behaviour.organization.bundle(bundle, { ...scenarioContext(ROUTE, request, context), window }),
    });
  });
}

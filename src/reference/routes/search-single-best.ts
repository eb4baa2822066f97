import type { FastifyInstance } from 'fastify';
import { AMBIGUITY_MESSAGE, OPTIONAL_SUFFIX, PROVIDER_PARAMETERS, type ProviderParameter } from '../../spec/constants';
import { RequestError } from '../errors';
import type { ProviderQuery } from '../provider-search';
import { type RawQuery, readQuery } from '../query';
import type { RouteContext } from './context';

const KNOWN = new Set<string>(PROVIDER_PARAMETERS);

function baseName(name: string): string {
  return name.endsWith(OPTIONAL_SUFFIX) ? name.slice(0, -OPTIONAL_SUFFIX.length) : name;
}

/** §4.1 rule 1: `State-` is the optional form of `State`. */
function toProviderQuery(parameters: Map<string, string>): ProviderQuery {
  const query: ProviderQuery = { required: {}, optional: {} };
  for (const [name, value] of parameters) {
    const group = name.endsWith(OPTIONAL_SUFFIX) ? query.optional : query.required;
    group[baseName(name) as ProviderParameter] = value;
  }
  return query;
}

/** GET {provider}/searchSingleBest (§4.1). */
export function searchSingleBestRoute(app: FastifyInstance, { directory, providerPath }: RouteContext): void {
  app.get(`${providerPath}/searchSingleBest`, async (request, reply) => {
    const parameters = readQuery(request.query as RawQuery, (name) => KNOWN.has(baseName(name)));
    const query = toProviderQuery(parameters);
    if (Object.keys(query.required).length === 0) {
      throw new RequestError(400, 'missing-parameter', 'give at least one search parameter without a trailing dash (§4.1 rule 1)');
    }
    const result = directory.providers.singleBest(query);
    if (result.kind === 'none') throw new RequestError(404, 'not-found', 'no provider matches the search');
    if (result.kind === 'ambiguous') {
      // §4.1 rule 4; status and media type are not shown (rule 6): plain text with 200.
      return reply.type('text/plain; charset=utf-8').send(AMBIGUITY_MESSAGE);
    }
    return reply.type('application/json; charset=utf-8').send(result.record);
  });
}

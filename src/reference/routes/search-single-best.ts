import type { FastifyInstance } from 'fastify';
import { OPTIONAL_SUFFIX, PROVIDER_PARAMETERS, type ProviderParameter } from '../../spec/constants';
import { RequestError } from '../errors';
import type { ProviderQuery } from '../provider-index';
import { parameterNames, type RawQuery, readQuery } from '../query';
import { type RouteContext, scenarioContext, send } from './context';

const ROUTE = '/searchSingleBest';

/** GET {provider}/searchSingleBest (§4.1). */
export function searchSingleBestRoute(app: FastifyInstance, context: RouteContext): void {
  const { behaviour, directory } = context;
  const canonical = parameterNames(PROVIDER_PARAMETERS, behaviour.http.caseInsensitiveNames);
  const split = (name: string): [ProviderParameter | undefined, boolean] =>
    behaviour.searchSingleBest.dashSupported && name.endsWith(OPTIONAL_SUFFIX)
      ? [canonical(name.slice(0, -OPTIONAL_SUFFIX.length)), true]
      : [canonical(name), false];

  app.get(`${behaviour.provider.path}${ROUTE}`, async (request, reply) => {
    const parameters = readQuery(request.query as RawQuery, (name) => split(name)[0] !== undefined, behaviour.http.lenientInput);
    // §4.1 r1: `State-` is the optional form of `State`.
    const query: ProviderQuery = { required: {}, optional: {} };
    let matchesNothing = false;
    for (const [name, value] of parameters) {
      const [parameter, optional] = split(name);
      const compared = behaviour.http.searchValue(parameter!, value);
      // An optional value that can match nothing only narrows nothing (§4.1 r2); a required one leaves no match.
      if (compared === null) matchesNothing ||= !optional;
      else (optional ? query.optional : query.required)[parameter!] = compared;
    }
    if (Object.keys(query.required).length === 0 && !matchesNothing) {
      throw new RequestError(400, 'missing-parameter', 'give at least one search parameter without a trailing dash (§4.1 rule 1)');
    }
    const result = matchesNothing ? { kind: 'none' as const } : behaviour.searchSingleBest.singleBest(query, directory.providers);
    if (result.kind === 'none') return send(reply, behaviour.searchSingleBest.noMatch(Object.fromEntries(parameters)));
    if (result.kind === 'ambiguous') return send(reply, behaviour.searchSingleBest.ambiguity(result.candidates));
    const body = behaviour.searchSingleBest.golden(result.record, {
      ...scenarioContext(ROUTE, request, context),
      parameters: Object.fromEntries(parameters),
    });
    return send(reply, { status: 200, type: behaviour.provider.mediaType, body });
  });
}

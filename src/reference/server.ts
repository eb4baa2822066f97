import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type Directory, loadDirectory } from './directory';
import { operationOutcomeBody, RequestError, serviceErrorBody } from './errors';
import { parseQueryString } from './query';
import { healthRoute } from './routes/health';
import { organizationSearchRoute } from './routes/organization-search';
import { searchSingleBestRoute } from './routes/search-single-best';
import { sourceRecordsRoute } from './routes/source-records';
import type { RouteContext } from './routes/context';

export interface ReferenceServerOptions {
  /** Pre-loaded data; loaded from the committed fixtures when absent. */
  directory?: Directory;
  /** Delay before every answer but /health, to behave like a remote service. */
  latencyMs?: number;
}

/** Longest path segment Fastify hands to a route; longer curated IDs then get our 400, not a router 404. */
const MAX_PARAM_LENGTH = 4096;

export function buildReferenceServer(options: ReferenceServerOptions = {}): FastifyInstance {
  const context: RouteContext = { directory: options.directory ?? loadDirectory(), providerPath: '/provider', fhirPath: '/fhir' };
  const app = Fastify({
    logger: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, querystringParser: parseQueryString },
    trustProxy: false,
  });

  const isFhir = (request: FastifyRequest) => request.url.startsWith(`${context.fhirPath}/`);

  app.setErrorHandler((error, request, reply) => {
    const requestError = error instanceof RequestError ? error : toRequestError(error);
    reply.code(requestError.status).type('application/json; charset=utf-8');
    return isFhir(request) ? operationOutcomeBody(requestError) : serviceErrorBody(requestError);
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new RequestError(404, 'no-such-endpoint', `no endpoint answers ${request.method} ${request.url.split('?')[0].slice(0, 200)}`);
    reply.code(404).type('application/json; charset=utf-8');
    return isFhir(request) ? operationOutcomeBody(error) : serviceErrorBody(error);
  });

  const latencyMs = options.latencyMs ?? 0;
  if (latencyMs > 0) {
    app.addHook('onRequest', async (request) => {
      if (request.url !== '/health') await new Promise((resolve) => setTimeout(resolve, latencyMs));
    });
  }

  for (const route of [healthRoute, searchSingleBestRoute, sourceRecordsRoute, organizationSearchRoute]) route(app, context);
  return app;
}

/** Framework errors (bad URL encoding, say) keep their 4xx; anything else is our bug, reported as 500. */
function toRequestError(error: unknown): RequestError {
  const status = (error as { statusCode?: number }).statusCode;
  const message = error instanceof Error ? error.message : String(error);
  if (status !== undefined && status >= 400 && status < 500) return new RequestError(status, 'bad-request', message);
  return new RequestError(500, 'internal-error', 'the reference server failed to answer this request');
}

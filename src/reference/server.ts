import type { Server } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions as TlsServerOptions } from 'node:https';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerFactory } from 'fastify';
import { type Directory, loadDirectory } from './directory';
import { operationOutcomeBody, RequestError, serviceErrorBody } from './errors';
import { parseQueryString } from './query';
import { bulkExportRoute } from './routes/bulk-export';
import { healthRoute } from './routes/health';
import { openapiRoute } from './routes/openapi';
import { organizationSearchRoute } from './routes/organization-search';
import { searchSingleBestRoute } from './routes/search-single-best';
import { sourceRecordsRoute } from './routes/source-records';
import { type RouteContext, send } from './routes/context';
import { type Behaviour, JSON_TYPE, REFERENCE_BEHAVIOUR } from './scenarios/behaviour';

/** One behaviour served under a path prefix ('' for the root). */
export interface MountedScenario {
  prefix: string;
  behaviour: Behaviour;
  /** What a server of one scenario says it serves in its first line: `fault phone-punctuated`. */
  served?: string;
}

export interface ReferenceServerOptions {
  /** Pre-loaded data; loaded from the committed fixtures when absent. */
  directory?: Directory;
  /** Delay before every answer but /health, to behave like a remote service. */
  latencyMs?: number;
  /** Only this endpoint's answers wait latencyMs (searchSingleBest, sourceRecords or organization); every answer when absent. */
  latencyEndpoint?: string;
  /** What to serve where; by default the reference behaviour at the root. */
  scenarios?: readonly MountedScenario[];
  /** Serve HTTPS with these options (a certificate, and a CA to ask clients for theirs): the mTLS tests. */
  tls?: TlsServerOptions;
}

/** Longest path segment Fastify hands to a route; longer curated IDs then get our 400, not a router 404. */
const MAX_PARAM_LENGTH = 4096;

function errorBody(request: FastifyRequest, error: RequestError) {
  const fhir = request.routeOptions.config?.errorBody === 'fhir' || (!request.routeOptions.url && request.url.includes('/fhir/'));
  return fhir ? operationOutcomeBody(error) : serviceErrorBody(error);
}

/** Framework errors (bad URL encoding, say) keep their 4xx; anything else is our bug, reported as 500. */
function toRequestError(error: unknown): RequestError {
  if (error instanceof RequestError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  const message = error instanceof Error ? error.message : String(error);
  if (status !== undefined && status >= 400 && status < 500) return new RequestError(status, 'bad-request', message);
  return new RequestError(500, 'internal-error', 'the reference server failed to answer this request');
}

function registerScenario(app: FastifyInstance, directory: Directory, { prefix, behaviour }: MountedScenario): void {
  app.register(
    async (scope) => {
      scope.setErrorHandler((error, request, reply) => {
        const requestError = toRequestError(error);
        const answer = { status: behaviour.http.errorStatus(requestError), type: JSON_TYPE, body: errorBody(request, requestError) };
        return send(reply, behaviour.http.wordError?.(requestError, answer) ?? answer);
      });
      const { bearerToken, intercept } = behaviour.http;
      if (bearerToken) {
        scope.addHook('onRequest', async (request) => {
          if (request.headers.authorization !== `Bearer ${bearerToken}`)
            throw new RequestError(401, 'unauthorized', 'a valid bearer token is required');
        });
      }
      const { readQueryString } = behaviour.http;
      if (readQueryString)
        scope.addHook('onRequest', async (request) => {
          const at = request.url.indexOf('?');
          request.query = readQueryString(at < 0 ? '' : request.url.slice(at + 1));
        });
      const { respond } = behaviour.http;
      if (respond)
        scope.addHook('onSend', async (_request, reply, payload) => (typeof payload === 'string' ? respond(payload, reply) : payload));
      // After the credential check, so that a misbehaving target can still require a token.
      if (intercept) {
        let calls = 0;
        scope.addHook('onRequest', async (request, reply) => {
          if (await intercept(request, reply, ++calls)) return reply;
          return undefined;
        });
        // Every path under the scenario reaches the intercept, as a target that answers every path does; one it passes over is a 404.
        scope.get('/*', async (request) => {
          throw new RequestError(
            404,
            'no-such-endpoint',
            `no endpoint answers ${request.method} ${request.url.split('?')[0].slice(0, 200)}`,
          );
        });
      }
      const context: RouteContext = { directory, prefix, behaviour, calls: new Map() };
      for (const route of [searchSingleBestRoute, sourceRecordsRoute, organizationSearchRoute, bulkExportRoute]) route(scope, context);
    },
    { prefix },
  );
}

/** An HTTPS server in Fastify's place: it answers like an HTTP one, and Fastify's types know one raw server type per instance. */
function httpsFactory(tls: TlsServerOptions): FastifyServerFactory<Server> {
  return (handler) => createHttpsServer(tls, handler) as unknown as Server;
}

export function buildReferenceServer(options: ReferenceServerOptions = {}): FastifyInstance {
  const directory = options.directory ?? loadDirectory();
  const app = Fastify({
    logger: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, querystringParser: parseQueryString },
    trustProxy: false,
    serverFactory: options.tls ? httpsFactory(options.tls) : undefined,
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new RequestError(
      404,
      'no-such-endpoint',
      `no endpoint answers ${request.method} ${request.url.split('?')[0].slice(0, 200)}`,
    );
    reply.code(404).type(JSON_TYPE);
    return errorBody(request, error);
  });
  const latencyMs = options.latencyMs ?? 0;
  if (latencyMs > 0) {
    const { latencyEndpoint } = options;
    app.addHook('onRequest', async (request) => {
      if (request.url === '/health' || (latencyEndpoint && !request.url.split('?')[0].includes(`/${latencyEndpoint}`))) return;
      await new Promise((resolve) => setTimeout(resolve, latencyMs));
    });
  }
  healthRoute(app, directory);
  openapiRoute(app);
  for (const scenario of options.scenarios ?? [{ prefix: '', behaviour: REFERENCE_BEHAVIOUR }]) registerScenario(app, directory, scenario);
  return app;
}

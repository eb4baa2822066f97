import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Directory } from '../directory';
import type { Answer, Behaviour, ScenarioContext } from '../scenarios/behaviour';

/** What every route of one scenario shares. */
export interface RouteContext {
  directory: Directory;
  /** Where the scenario is mounted ('' at the root). */
  prefix: string;
  behaviour: Behaviour;
  /** Answers given so far, per route, for faults that change from call to call. */
  calls: Map<string, number>;
}

/** Which error body a route answers with (§7 shows none; the reference server chooses per endpoint). */
export type ErrorBodyKind = 'service' | 'fhir';

declare module 'fastify' {
  interface FastifyContextConfig {
    errorBody?: ErrorBodyKind;
  }
}

/** The URL the client asked for, absolute, as seen through its Host header. */
export function requestUrl(request: FastifyRequest): URL {
  return new URL(request.url, `${request.protocol}://${request.host}`);
}

export function scenarioContext(route: string, request: FastifyRequest, context: RouteContext): ScenarioContext {
  const call = (context.calls.get(route) ?? 0) + 1;
  context.calls.set(route, call);
  return { directory: context.directory, base: `${request.protocol}://${request.host}${context.prefix}`, call };
}

/** Sends an answer: objects and arrays as JSON, strings as they are. */
export function send(reply: FastifyReply, answer: Answer): FastifyReply {
  reply.code(answer.status).type(answer.type);
  return reply.send(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
}

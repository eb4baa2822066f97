import type { FastifyRequest } from 'fastify';
import type { Directory } from '../directory';

/** Where the endpoints live and what they serve. */
export interface RouteContext {
  directory: Directory;
  /** §4.1, §4.2: the provider endpoints' prefix (`/provider`). */
  providerPath: string;
  /** §4.3: the FHIR endpoints' prefix (`/fhir`). */
  fhirPath: string;
}

/** The URL the client asked for, absolute, as seen through its Host header. */
export function requestUrl(request: FastifyRequest): URL {
  return new URL(request.url, `${request.protocol}://${request.host}`);
}

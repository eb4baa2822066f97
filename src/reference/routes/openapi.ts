import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { OPENAPI_FILE } from '../../fixture-paths';

/** GET /openapi.json: the contract generated from schemas/ (npm run gen:openapi), as the reference server's own description. */
export function openapiRoute(app: FastifyInstance): void {
  const document = readFileSync(OPENAPI_FILE, 'utf8');
  app.get('/openapi.json', async (_request, reply) => reply.type('application/json').send(document));
}

import type { FastifyInstance } from 'fastify';
import type { HealthStatus } from '../../types/schemas';
import type { Directory } from '../directory';

/** GET /health: readiness for process managers and Playwright's webServer (not part of the specification). */
export function healthRoute(app: FastifyInstance, directory: Directory): void {
  app.get('/health', async () => {
    const status: HealthStatus = { status: 'ok', providers: directory.providers.size, organizations: directory.organizations.size };
    return status;
  });
}

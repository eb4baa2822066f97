import type { FastifyInstance } from 'fastify';
import { RequestError } from '../errors';
import { checkValue, printable } from '../query';
import type { RouteContext } from './context';

/** GET {provider}/sourceRecords/{curatedID} (§4.2). */
export function sourceRecordsRoute(app: FastifyInstance, { directory, providerPath }: RouteContext): void {
  app.get<{ Params: { curatedID: string } }>(`${providerPath}/sourceRecords/:curatedID`, async (request, reply) => {
    const { curatedID } = request.params;
    if (Object.keys(request.query as object).length > 0) {
      throw new RequestError(400, 'unknown-parameter', 'sourceRecords takes no query parameters (§4.2)');
    }
    checkValue('the curated ID', curatedID);
    const records = directory.sourceRecords.get(curatedID);
    // §4.2 rule 3: the answer for an unknown curated ID is not shown; the reference server says 404.
    if (!records) throw new RequestError(404, 'not-found', `no golden record has the curated ID "${printable(curatedID)}"`);
    return reply.type('application/json; charset=utf-8').send(records);
  });
}

import type { FastifyInstance } from 'fastify';
import { RequestError } from '../errors';
import { checkValue } from '../query';
import { type RouteContext, scenarioContext, send } from './context';

const ROUTE = '/sourceRecords';

/** GET {provider}/sourceRecords/{curatedID} (§4.2). */
export function sourceRecordsRoute(app: FastifyInstance, context: RouteContext): void {
  const { behaviour, directory } = context;
  app.get<{ Params: { curatedID: string } }>(`${behaviour.provider.path}${ROUTE}/:curatedID`, async (request, reply) => {
    const { curatedID } = request.params;
    // A lenient service reads the curated ID alone, whatever else the request holds.
    if (!behaviour.http.lenientInput) {
      if (Object.keys(request.query as object).length > 0) {
        throw new RequestError(400, 'unknown-parameter', 'sourceRecords takes no query parameters (§4.2)');
      }
      checkValue('the curated ID', curatedID);
    }
    const records = directory.sourceRecords.get(curatedID);
    if (!records) return send(reply, behaviour.sourceRecords.unknownCuratedId(curatedID));
    const body = behaviour.sourceRecords.sources(records, scenarioContext(ROUTE, request, context), curatedID);
    return send(reply, { status: 200, type: behaviour.provider.mediaType, body });
  });
}

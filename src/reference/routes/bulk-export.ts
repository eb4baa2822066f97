/**
 * The reference server's bulk export (§1 names one; its behaviour is not shown), as the FHIR Bulk
 * Data Access IG's asynchronous pattern has it: `GET {fhir}/$export` with `Prefer: respond-async`
 * is kicked off (202, the status URL in Content-Location); the status answers the complete-status
 * body at once (every file is ready: the data is in memory); each file is NDJSON, plain or `.zst`.
 * Only GET: a client cancels with DELETE, which the harness never sends.
 */
import type { FastifyInstance } from 'fastify';
import { RequestError } from '../errors';
import { EXPORT_TYPES, type ExportFiles, type ExportType, exportFile } from '../export';
import { type RouteContext, requestUrl } from './context';

export const NDJSON_TYPE = 'application/fhir+ndjson';
const STATUS = '/$export-status';
const FILES = '/$export-file';
/** The one export the reference server makes: its data does not change while it runs. */
const EXPORT_ID = 'reference';
/** When the export's data was current: the server's start. */
const transactionTime = new Date().toISOString();

export function bulkExportRoute(app: FastifyInstance, context: RouteContext): void {
  const fhir = `${context.prefix}${context.behaviour.organization.path}`;
  const base = context.behaviour.organization.path;
  const config = { config: { errorBody: 'fhir' as const } };
  // Built once per scenario, when first asked: its data does not change while the server runs.
  const built = new Map<ExportType, Promise<ExportFiles>>();
  const fileOf = (type: ExportType) => {
    let file = built.get(type);
    if (!file) built.set(type, (file = exportFile(context.directory, type, context.behaviour.export)));
    return file;
  };

  app.get(`${base}/$export`, config, async (request, reply) => {
    if (!/respond-async/i.test(String(request.headers.prefer ?? '')))
      throw new RequestError(400, 'invalid-parameter', 'the export is asynchronous: send Prefer: respond-async');
    const origin = requestUrl(request).origin;
    return reply.code(202).header('content-location', `${origin}${fhir}${STATUS}/${EXPORT_ID}`).send();
  });

  app.get<{ Params: { id: string } }>(`${base}${STATUS}/:id`, config, async (request) => {
    if (request.params.id !== EXPORT_ID) throw new RequestError(404, 'not-found', 'no export has this id');
    const origin = requestUrl(request).origin;
    const output = [];
    for (const type of EXPORT_TYPES) {
      const { count } = await fileOf(type);
      output.push({ type, url: `${origin}${fhir}${FILES}/${type}.ndjson.zst`, count });
    }
    return { transactionTime, request: `${origin}${fhir}/$export`, requiresAccessToken: false, output, error: [] };
  });

  app.get<{ Params: { name: string } }>(`${base}${FILES}/:name`, config, async (request, reply) => {
    const [, type, compressed] = /^([A-Za-z]+)\.ndjson(\.zst)?$/.exec(request.params.name) ?? [];
    if (!(EXPORT_TYPES as readonly string[]).includes(type)) throw new RequestError(404, 'not-found', 'no export file has this name');
    const file = await fileOf(type as ExportType);
    return reply
      .code(200)
      .type(NDJSON_TYPE)
      .send(compressed ? file.zst : file.ndjson);
  });
}

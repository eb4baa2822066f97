/**
 * The export read whole before anything is asked of the service: what it holds, said by `survey
 * --export SOURCE --dry-run`, and the index the survey looks the service's organizations up in.
 */
import { type ExportHoldings, ExportIndex } from './holdings';
import { holdingsLines } from './holdings-lines';
import { readExport } from './read-export';
import type { ExportSource } from './source';

/** An export nothing could be read from: a wrong file, not an export of nothing (exit 2). */
export class EmptyExportError extends Error {}

/** The export read whole and indexed; EmptyExportError when nothing of it could be read. */
export async function indexExport(source: ExportSource): Promise<{ index: ExportIndex; holdings: ExportHoldings }> {
  const index = new ExportIndex();
  for await (const resource of readExport(
    source,
    (problem) => index.problem(problem),
    (read) => index.fileRead(read),
  ))
    index.add(resource);
  const holdings = index.holdings();
  if (Object.keys(holdings.resources).length === 0) {
    const [first] = holdings.problemsShown;
    const why = first
      ? `: ${holdings.problems} unreadable (a line or a file), the first ${first.file}${first.line ? `:${first.line}` : ''}, ${first.reason}`
      : '';
    throw new EmptyExportError(
      `${source.manifest ?? source.files.map((file) => file.path).join(', ')} holds no resource that could be read${why}`,
    );
  }
  return { index, holdings };
}

export async function exportDryRunLines(source: ExportSource): Promise<string[]> {
  const started = process.hrtime.bigint();
  const { holdings } = await indexExport(source);
  return holdingsLines(holdings, Number(process.hrtime.bigint() - started) / 1e9);
}

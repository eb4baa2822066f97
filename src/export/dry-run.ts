/** `survey --export SOURCE --dry-run`: the export read whole, and what it holds said, before anything is asked of the service. */
import { ExportIndex } from './holdings';
import { holdingsLines } from './holdings-lines';
import { readExport } from './read-export';
import type { ExportSource } from './source';

/** An export nothing could be read from: a wrong file, not an export of nothing (exit 2). */
export class EmptyExportError extends Error {}

export async function exportDryRunLines(source: ExportSource): Promise<string[]> {
  const started = process.hrtime.bigint();
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
  return holdingsLines(holdings, Number(process.hrtime.bigint() - started) / 1e9);
}

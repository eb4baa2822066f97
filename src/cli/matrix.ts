/** `directory-conformance matrix A B ...`: reports read and checked, side by side in Markdown, and as a page with --out. */
import { writeFileSync } from 'node:fs';
import { renderMatrixHtml, renderMatrixMarkdown } from '../report/matrix';
import { readReport } from '../report/read-report';
import { buildMatrix, matrixExit } from '../verdicts/matrix';

export function matrixCommand(files: readonly string[], out?: string): number {
  const matrix = buildMatrix(files.map((file) => ({ file, report: readReport(file) })));
  process.stdout.write(renderMatrixMarkdown(matrix));
  if (out !== undefined) writeFileSync(out, renderMatrixHtml(matrix));
  return matrixExit(matrix);
}

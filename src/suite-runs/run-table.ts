/** How the mutation and robustness runs print their results: a markdown table, then the closing line CI reads. */
const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;

export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** `name: N passed, M failed`, and the exit status that goes with it. */
export function endRun(name: string, total: number, failed: number): never {
  console.log(`${name}: ${total - failed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

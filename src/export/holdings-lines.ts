/** What an export holds (holdings.ts), in lines for a terminal: `survey --export … --dry-run` prints them. */
import { escapeText } from '../report/escape';
import { FIRST_SHOWN, type ExportHoldings } from './holdings';

const number = (n: number) => n.toLocaleString('en-US');
const share = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);
const safe = (text: string) => escapeText(text, 'terminal');

/** The holdings in words, and the reading's pace: `seconds` it took, of `bytes` of NDJSON. */
export function holdingsLines(holdings: ExportHoldings, seconds: number): string[] {
  const { files, resources, identifiers, references, stamps, problems, problemsShown } = holdings;
  const total = Object.values(resources).reduce((sum, n) => sum + n, 0);
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  const forms = [...new Set(files.map((file) => file.compression))].join(', ');
  const lines = [
    `export: ${files.length} file${files.length === 1 ? '' : 's'} (${forms || 'none read'}), ${number(total)} resources${
      total > 0
        ? `: ${Object.entries(resources)
            .map(([type, n]) => `${safe(type)} ${number(n)}`)
            .join(', ')}`
        : ''
    }`,
    `export: ${(bytes / 1e6).toFixed(1)} MB of NDJSON read in ${seconds.toFixed(1)} s${seconds > 0 ? ` (${(bytes / 1e6 / seconds).toFixed(0)} MB/s)` : ''}`,
  ];
  if (problems > 0) {
    lines.push(`export: ${number(problems)} unreadable (a line or a file each), the first:`);
    for (const { file, line, reason } of problemsShown)
      lines.push(`  ${safe(file)}${line === undefined ? '' : `:${line}`}: ${safe(reason)}`);
  }
  for (const [named, { resources: carrying, bySystem }] of Object.entries(identifiers))
    lines.push(
      `export: ${named} on ${number(carrying)} resources, by system (one identifier, whichever names it): ${Object.entries(bySystem)
        .map(([system, n]) => `${safe(system)} ${number(n)} (${share(n, carrying)})`)
        .join(', ')}`,
    );
  lines.push(
    `export: ${number(references.checked)} references, ${number(references.dangling)} to no resource of the export (DQ-EXPORT-DANGLING)${references.dangling > 0 ? `; the first ${Math.min(FIRST_SHOWN, references.shown.length)}:` : ''}`,
  );
  if (references.dangling > 0)
    for (const { file, line, from, reference } of references.shown)
      lines.push(`  ${safe(from)} → ${safe(reference)} (${safe(file)}:${line})`);
  for (const { file, stamped, oneStamp } of stamps)
    if (oneStamp !== undefined)
      lines.push(
        `export: ${safe(file)} stamps all ${number(stamped)} resources ${safe(oneStamp)} in meta.lastUpdated: the export's time, not the records', so their freshness is not measurable from it`,
      );
  return lines;
}

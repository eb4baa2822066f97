/**
 * A generated part of a hand-written document, kept between two HTML comment markers: written by
 * the script that owns it, or, with `--check`, compared so that `npm test` fails when the document
 * and its source disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface GeneratedSection {
  /** The document, an absolute path. */
  file: string;
  /** The marker name: the section lies between `<!-- NAME:start … -->` and `<!-- NAME:end -->`. */
  name: string;
  /** The command that regenerates it, named in the start marker and in the message of a failed check. */
  command: string;
  /** What it is generated from, for the messages. */
  source: string;
}

/** Writes `content` between the section's markers, or with `check` exits 1 when the file holds something else. */
export function updateGeneratedSection(section: GeneratedSection, content: string, check: boolean): void {
  const start = `<!-- ${section.name}:start (${section.command}) -->`;
  const end = `<!-- ${section.name}:end -->`;
  const shown = relative(process.cwd(), section.file);
  const document = readFileSync(section.file, 'utf8');
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${shown} lacks the markers ${start} … ${end}`);
  const updated = `${document.slice(0, from + start.length)}\n${content}\n${document.slice(to)}`;
  if (check) {
    if (updated !== document) {
      console.error(`${shown}: the ${section.name} section differs from ${section.source}; run ${section.command}`);
      process.exit(1);
    }
    console.log(`${section.name}: ${shown} matches ${section.source}`);
    return;
  }
  writeFileSync(section.file, updated);
  console.log(`${section.name}: ${shown} written`);
}

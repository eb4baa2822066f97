/**
 * A folder the harness writes its reports into replaces the files of an earlier report: never a
 * file it did not write. Each report file is recognised by what the harness writes in it (the name
 * of the page's generator, the report's own shapes and first lines); a folder that holds one of
 * these names in another's hand, or a path that is a file, is refused in one line before anything
 * is removed or written.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The name every page of the harness gives its generator (report/html/page.ts writes it). */
export const GENERATOR = 'directory-conformance';

/** The start of a file, enough to tell whose it is, without reading a large one whole. */
function head(file: string, bytes = 4096): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0)).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** How the harness's own file of each name begins (or what it holds near its start). */
const OURS: Readonly<Record<string, (start: string) => boolean>> = {
  'index.html': (start) =>
    start.includes(`<meta name="generator" content="${GENERATOR}">`) ||
    start.includes(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`),
  'conformance.json': (start) => /^\{\s*"suite":\s*\{\s*"version"/.test(start),
  'conformance.md': (start) => start.startsWith('# Conformance report: Directory Search Service'),
  'conformance.junit.xml': (start) => start.includes('<testsuites name="Directory Search Service v1.0 conformance of'),
  'survey.json': (start) => /^\{\s*"suite":\s*\{\s*"version"/.test(start) || /"shard":\s*\{\s*"index"/.test(start),
  'failures.csv': (start) => start.startsWith('key,requirement,level'),
  'failing-keys.json': (start) => /^\{\s*"survey"/.test(start),
};

/**
 * Why the harness may not write its report files (`names`) into `dir`, in words that follow the
 * folder's name (`REPORT_DIR`, `--out`); undefined when it may (no folder yet, or one whose report
 * files are all the harness's).
 */
export function reportFolderProblem(dir: string, names: readonly string[]): string | undefined {
  let isFolder: boolean;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch {
    return undefined;
  }
  if (!isFolder) return `${dir} is a file: give a folder for the reports (it is made when it does not exist)`;
  const foreign = names.filter((name) => {
    const start = head(join(dir, name));
    return start !== undefined && !(OURS[name]?.(start) ?? false);
  });
  if (foreign.length === 0) return undefined;
  return `${dir} holds ${foreign.join(', ')}, which the harness did not write and would replace: give another folder, or move ${foreign.length === 1 ? 'it' : 'them'}`;
}

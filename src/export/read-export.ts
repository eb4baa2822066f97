/**
 * The resources of an export, one at a time, in the order of its files and lines: each file
 * streamed from disk or http(s), decoded (decode.ts) and split into lines (lines.ts), so that memory is one
 * line and the decoder's window, whatever the export's size. What cannot be read is a problem,
 * counted and named (a line that is no JSON object with a resourceType, a line past the bound, a
 * file that does not decode), and the reading goes on.
 */
import { type Compression, DecodeError, decoded } from './decode';
import { linesOf } from './lines';
import type { ExportFile, ExportSource } from './source';
import { ExportSourceError } from './source-error';

export interface ExportedResource {
  file: string;
  line: number;
  resource: Record<string, unknown> & { resourceType: string; id?: unknown };
  /** The line it was parsed from. */
  text: string;
}

export interface ExportProblem {
  file: string;
  /** The line, where the problem is one line's. */
  line?: number;
  reason: string;
}

/** The longest line read: the client's bound on an answer (16 MiB), since a resource is one answer's worth at most. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** What one file held. */
export interface FileRead {
  file: string;
  compression: Compression;
  lines: number;
  resources: number;
  /** Uncompressed bytes read. */
  bytes: number;
}

function resourceOf(text: string): ExportedResource['resource'] | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const { resourceType } = value as { resourceType?: unknown };
  if (typeof resourceType !== 'string' || resourceType === '') return 'no resourceType';
  return value as ExportedResource['resource'];
}

async function* counted(bytes: AsyncIterable<Buffer>, read: FileRead): AsyncGenerator<Buffer> {
  for await (const chunk of bytes) {
    read.bytes += chunk.length;
    yield chunk;
  }
}

async function* readFile(
  { path, type, open }: ExportFile,
  problem: (problem: ExportProblem) => void,
  done: (read: FileRead) => void,
): AsyncGenerator<ExportedResource> {
  const { compression, bytes } = await decoded(open());
  const read: FileRead = { file: path, compression, lines: 0, resources: 0, bytes: 0 };
  try {
    for await (const line of linesOf(counted(bytes, read), MAX_LINE_BYTES)) {
      read.lines = line.number;
      if ('overlong' in line) {
        problem({ file: path, line: line.number, reason: `longer than ${MAX_LINE_BYTES} bytes` });
        continue;
      }
      if (line.text.trim() === '') continue;
      const resource = resourceOf(line.text);
      if (typeof resource === 'string') {
        problem({ file: path, line: line.number, reason: resource });
        continue;
      }
      if (type !== undefined && resource.resourceType !== type)
        problem({ file: path, line: line.number, reason: `a ${resource.resourceType} in a file the manifest says holds ${type}` });
      read.resources++;
      yield { file: path, line: line.number, resource, text: line.text };
    }
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    problem({ file: path, reason: error.message });
  }
  done(read);
}

/** Every resource of `source`'s files; `problem` hears what could not be read, `done` what each file held. */
export async function* readExport(
  source: ExportSource,
  problem: (problem: ExportProblem) => void,
  done: (read: FileRead) => void = () => undefined,
): AsyncGenerator<ExportedResource> {
  for (const file of source.files) {
    try {
      yield* readFile(file, problem, done);
    } catch (error) {
      // A file on http(s) that answers no export file (a 404, a redirect never followed) is read no more than one on disk that is not there.
      if (error instanceof ExportSourceError) {
        problem({ file: file.path, reason: error.message });
        continue;
      }
      const code = (error as NodeJS.ErrnoException).code;
      if (!code) throw error;
      problem({ file: file.path, reason: `cannot be read (${code})` });
    }
  }
}

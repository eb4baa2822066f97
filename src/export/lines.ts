/**
 * The lines of an NDJSON stream, one at a time, with their numbers, and a bound on each: a line
 * longer than `maxBytes` is never held (its bytes are dropped as they come) and is yielded as
 * `overlong`, so that a hostile or broken export costs bounded memory and still counts its lines.
 * Written here because neither splitter at hand does both: readline holds a line of any length,
 * and split2 skips an overlong one without saying so, which loses the count and the line numbers.
 */

export type Line = { number: number; text: string } | { number: number; overlong: true };

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

function textOf(parts: readonly Buffer[]): string {
  const bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts);
  const end = bytes.length > 0 && bytes[bytes.length - 1] === CARRIAGE_RETURN ? bytes.length - 1 : bytes.length;
  return bytes.toString('utf8', 0, end);
}

/** Every line of `chunks`, blank ones included (the reader skips them), the last one even without a final newline. */
export async function* linesOf(chunks: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<Line> {
  let parts: Buffer[] = [];
  let held = 0;
  let overlong = false;
  let number = 0;
  const line = (): Line => {
    number++;
    const done: Line = overlong ? { number, overlong: true } : { number, text: textOf(parts) };
    [parts, held, overlong] = [[], 0, false];
    return done;
  };
  for await (const chunk of chunks) {
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      if (!overlong && held + at - from > maxBytes) overlong = true;
      if (!overlong) parts.push(chunk.subarray(from, at));
      yield line();
      from = at + 1;
    }
    if (from < chunk.length && !overlong) {
      held += chunk.length - from;
      if (held > maxBytes) [parts, overlong] = [[], true];
      // A copy: the rest of a chunk must not keep the whole chunk alive.
      else parts.push(Buffer.from(chunk.subarray(from)));
    }
  }
  if (held > 0 || overlong) yield line();
}

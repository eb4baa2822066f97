/**
 * The line numbers of an NPI list that a tally has counted, one bit each (a list of ten million
 * rows: 1.25 MB): a journal line written twice (a copy, a tool that appended it again) must not
 * count its provider twice, and make survey.json say 51 providers of 50 rows.
 */
export class LineSet {
  private bits = new Uint8Array(1 << 13);

  /** Adds the line; false when it was there already. */
  add(line: number): boolean {
    const byte = line >>> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.max(this.bits.length * 2, byte + 1));
      grown.set(this.bits);
      this.bits = grown;
    }
    const mask = 1 << (line & 7);
    if (this.bits[byte] & mask) return false;
    this.bits[byte] |= mask;
    return true;
  }
}

/** A 52-bit FNV-1a hash of a key: two 32-bit lanes, 26 bits of each. */
export function keyHash(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ key.length;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 6) * 2 ** 26 + (b >>> 6) || 1;
}

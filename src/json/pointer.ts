/** JSON Pointer (RFC 6901): the one place where `~1` and `~0` are unescaped. */
export function pointerKeys(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a JSON Pointer, or undefined where the path leaves the value. */
export function atPointer(value: unknown, pointer: string): unknown {
  let current = value;
  for (const key of pointerKeys(pointer)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * How deep a parsed JSON value nests, counted without recursion (a value nested 200,000 deep, which
 * JSON.parse reads, overflows the stack of any recursive walk after it), and given up past `limit`.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const member of Array.isArray(item) ? item : Object.values(item))
      if (member !== null && typeof member === 'object') pending.push([member, depth + 1]);
  }
  return false;
}

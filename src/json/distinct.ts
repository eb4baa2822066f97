/** Values without repeats, two values being the same when their JSON is: in first-seen order. */
export function distinctByJson<T>(values: readonly T[]): T[] {
  return [...new Map(values.map((v) => [JSON.stringify(v), v])).values()];
}

/** Values without repeats, ordered by their JSON: the same list whatever order they came in. */
export function sortedDistinctByJson<T>(values: readonly T[]): T[] {
  return [...new Map(values.map((v) => [JSON.stringify(v), v])).entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v);
}

/** `1 new failure`, `2 new failures`: a count and its noun, singular for one (`many` for an irregular plural). */
export const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

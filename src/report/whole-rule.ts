/**
 * A rule's words on one line. A rule's first line may end in ":" and announce the lines after it
 * (a schema violation: "…: 1 violation of …:", then "…: at /data/Phone/0 must match …").
 */

/** The first line, and the first after it when the first announces it. */
function announced(text: string): { head: string; next?: string } {
  const [head, next] = text.split('\n');
  return head.endsWith(':') && next !== undefined && next.trim() !== '' ? { head, next: next.trim() } : { head };
}

/** A rule's words whole on one line: a first line that ends in ":" announces the lines after it, so the first of them follows. */
export function wholeRule(text: string): string {
  const { head, next } = announced(text);
  return next === undefined ? head : `${head} ${next}`;
}

/** The rule said once: where a first line only announces the lines that say where, the first of those stands for it. */
export function ruleOnce(text: string): string {
  const { head, next } = announced(text);
  return next ?? head;
}

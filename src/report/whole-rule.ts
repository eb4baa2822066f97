/** A rule's words whole on one line: a first line that ends in ":" announces the lines after it, so the first of them follows. */
export function wholeRule(text: string): string {
  const [head, next] = text.split('\n');
  return head.endsWith(':') && next !== undefined && next.trim() !== '' ? `${head} ${next.trim()}` : head;
}

/**
 * A UTF-16 code unit of a surrogate pair standing alone. JSON text can carry one (`"\ud800"` parses),
 * but no URL, no UTF-8 file and no XML document can: the harness must name it, never crash on it.
 */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string is well-formed Unicode: no lone surrogate. */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

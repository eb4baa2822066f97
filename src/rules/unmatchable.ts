import { UNMATCHABLE } from './provider-parameters';

/**
 * §4.1 parameters with a value no provider can have, for SB-STRICT-PARAM, SB-OPTIONAL-DASH and
 * SB-NO-MATCH: the table's (provider-parameters.ts), each parameter the query does not use (dashed
 * or not), in §4.1's order.
 */
export function unusedUnmatchable(query: Record<string, string>): [string, string][] {
  const used = new Set(Object.keys(query).map((name) => name.replace(/-$/, '')));
  return UNMATCHABLE.filter(([name]) => !used.has(name)).map(([name, value]): [string, string] => [name, value]);
}

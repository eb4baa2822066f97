/**
 * What JSON.parse does not tell: the names an object repeats (RFC 8259 §4: names SHOULD be unique;
 * JSON.parse keeps the last), and the literal text of a value it could not keep (1e400 becomes
 * Infinity, which JSON.stringify writes as null). Read with a maintained JSON parser that keeps
 * every member and its place in the text (Momoa).
 */
import { type AnyNode, type MemberNode, parse } from '@humanwhocodes/momoa';
import { pointerKeys } from './pointer';

const nameOf = (member: MemberNode) => (member.name.type === 'String' ? member.name.value : member.name.name);

/** A JSON Pointer segment (RFC 6901). */
const segment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** How deep the harness reads a body: past it, a body is said to nest too deep (RFC 8259 §9), never walked, since its walks recurse. */
export const MAX_JUDGED_DEPTH = 128;

/** Members of every object of a parsed value: counted with a stack of its own, so no depth of nesting exhausts the call stack. */
function memberCount(value: unknown): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object') continue;
    // One by one: spreading a million items into push() would itself exhaust the stack.
    if (Array.isArray(next)) for (const item of next as unknown[]) pending.push(item);
    else
      for (const key in next) {
        count += 1;
        pending.push((next as Record<string, unknown>)[key]);
      }
  }
  return count;
}

/** What one pass over a JSON text that parsed tells, strings' contents aside: how deep it nests, and how many member names it writes. */
export interface JsonTextShape {
  depth: number;
  names: number;
}

/** JSON's white space (RFC 8259 §2). */
const isJsonSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The shape of a JSON text that JSON.parse accepted, in one pass: what the harness measures before it
 * walks a body (its walks recurse), and the names it must count to see a repeated one. A string is
 * skipped to its closing quote by indexOf, the bulk of a body's bytes read natively; a string that a
 * colon follows is a member name (in valid JSON, nothing else is).
 */
export function jsonTextShape(text: string): JsonTextShape {
  let depth = 0;
  let deepest = 0;
  let names = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let end = text.indexOf('"', i + 1);
      // A quote after an odd run of backslashes is escaped: the string goes on.
      while (end > 0) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      // No closing quote: not a text JSON.parse accepted; what was read stands.
      if (end < 0) break;
      i = end;
      let next = end + 1;
      while (isJsonSpace(text.charCodeAt(next))) next++;
      if (text.charCodeAt(next) === 0x3a) names++;
    } else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return { depth: deepest, names };
}

/**
 * Whether a parsed text repeats a name: it writes more member names (`names`, of its jsonTextShape)
 * than the parsed value has members, since JSON.parse keeps one of each. A count, so that the full
 * parse, twenty times JSON.parse's cost, runs only on a body that holds a duplicate.
 */
export const repeatsNames = (names: number, parsed: unknown): boolean => names > memberCount(parsed);

/** Whether the text, which parsed as `parsed`, repeats a name. */
export const mayRepeatNames = (text: string, parsed: unknown): boolean => repeatsNames(jsonTextShape(text).names, parsed);

/** The JSON Pointers of members whose name repeats an earlier member's in the same object, in text order. */
export function duplicateMemberNames(text: string): string[] {
  const found: string[] = [];
  const walk = (node: AnyNode, pointer: string) => {
    if (node.type === 'Object') {
      const seen = new Set<string>();
      for (const member of node.members) {
        const name = nameOf(member);
        const at = `${pointer}/${segment(name)}`;
        if (seen.has(name)) found.push(at);
        seen.add(name);
        walk(member.value, at);
      }
    } else if (node.type === 'Array') node.elements.forEach((element, i) => walk(element.value, `${pointer}/${i}`));
  };
  walk(parse(text, { mode: 'json' }).body, '');
  return found;
}

/** The text of the value at a JSON Pointer, as the body wrote it; undefined where there is none. */
export function literalAt(text: string, pointer: string): string | undefined {
  let node: AnyNode = parse(text, { mode: 'json', ranges: true }).body;
  for (const key of pointerKeys(pointer)) {
    if (node.type === 'Object') {
      // The last member of a name is the one JSON.parse keeps.
      const member: MemberNode | undefined = [...node.members].reverse().find((m) => nameOf(m) === key);
      if (!member) return undefined;
      node = member.value;
    } else if (node.type === 'Array' && /^\d+$/.test(key) && Number(key) < node.elements.length) node = node.elements[Number(key)].value;
    else return undefined;
  }
  return node.range ? text.slice(node.range[0], node.range[1]) : undefined;
}

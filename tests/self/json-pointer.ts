import { pointerKeys } from '../../src/json/pointer';

/** Test helper: a deep copy of `value` with the member at a JSON Pointer replaced, or removed. */
export const REMOVE = Symbol('remove');

export function changed<T>(value: T, pointer: string, replacement: unknown): T {
  const copy = structuredClone(value);
  const keys = pointerKeys(pointer);
  const last = keys.pop();
  if (last === undefined) return replacement as T;
  let target: Record<string, unknown> = copy as Record<string, unknown>;
  for (const key of keys) target = target[key] as Record<string, unknown>;
  if (replacement === REMOVE) {
    if (Array.isArray(target)) target.splice(Number(last), 1);
    else delete target[last];
  } else target[last] = replacement;
  return copy;
}

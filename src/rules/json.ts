/** Narrowing of parsed JSON of unknown shape: the rules read bodies a target may have got wrong. */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The objects of an array; nothing when it is not an array. */
export function objectsIn(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

/** The strings of an array; nothing when it is not an array. */
export function stringsIn(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A string, or '' for anything else. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

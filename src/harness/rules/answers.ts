import type { Exchange } from '../exchange';

export interface RecordLike {
  id: string;
  data: Record<string, unknown>;
}

/** A golden record as §2.1 shapes it: an object with a string id and an object data. */
export function recordOf(exchange: Exchange): RecordLike | undefined {
  if (!exchange.json.ok) return undefined;
  const value = exchange.json.value as Partial<RecordLike> | null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (typeof value.id !== 'string' || value.id === '' || typeof value.data !== 'object' || value.data === null || Array.isArray(value.data)) return undefined;
  return value as RecordLike;
}

export function isJsonArray(exchange: Exchange): boolean {
  return exchange.json.ok && Array.isArray(exchange.json.value);
}

export function isJsonObject(exchange: Exchange): boolean {
  return exchange.json.ok && typeof exchange.json.value === 'object' && exchange.json.value !== null && !Array.isArray(exchange.json.value);
}

/** How the body is rooted, for messages: "a JSON array", "non-JSON text", … */
export function rootKind(exchange: Exchange): string {
  if (exchange.tooLargeBytes !== undefined) return `a body too large to hold (${exchange.tooLargeBytes} bytes)`;
  if (!exchange.json.ok) return exchange.bodyText.trim() === '' ? 'an empty body' : 'non-JSON text';
  const value = exchange.json.value;
  if (Array.isArray(value)) return 'a JSON array';
  if (value === null) return 'JSON null';
  return typeof value === 'object' ? 'a JSON object' : `a JSON ${typeof value}`;
}

/** A short, comparable description of an answer, for observations. */
export function answerSummary(exchange: Exchange): { status: number; mediaType: string; body: string } {
  return { status: exchange.status, mediaType: exchange.contentType, body: exchange.bodyText.slice(0, 200) };
}

import type { Exchange } from '../client/exchange';
import { isWellFormed } from '../json/unicode';
import { readData } from './attributes';
import { isJsonObject as isObject } from './json';

export interface RecordLike {
  id: string;
  data: Record<string, unknown>;
}

/** A golden record as §2.1 shapes it: an object with a string id and an object data, its attributes read as §2.3 r4 allows (attributes.ts). */
export function recordOf(exchange: Exchange): RecordLike | undefined {
  if (!exchange.json.ok) return undefined;
  const value = exchange.body;
  // A curated ID goes into a URL path (§4.2): one no URL can carry makes the record malformed, for SB-RECORD-SHAPE.
  if (!isObject(value) || typeof value.id !== 'string' || value.id === '' || !isWellFormed(value.id) || !isObject(value.data))
    return undefined;
  return { ...value, id: value.id, data: readData(value.data) };
}

export function isJsonArray(exchange: Exchange): boolean {
  return exchange.json.ok && Array.isArray(exchange.body);
}

/** The answer is a parsed JSON object (not an array, not null). */
export function answeredObject(exchange: Exchange): boolean {
  return exchange.json.ok && isObject(exchange.body);
}

/** How the body is rooted, for messages: "a JSON array", "non-JSON text", … */
export function rootKind(exchange: Exchange): string {
  if (exchange.tooLargeBytes !== undefined) return `a body too large to hold (${exchange.tooLargeBytes} bytes)`;
  if (!exchange.json.ok) {
    if (exchange.json.depth !== undefined) return `JSON nested ${exchange.json.depth} levels deep, deeper than the harness reads`;
    if (exchange.json.unreadable) return 'a body no client can read (see HTTP-JSON)';
    return exchange.bodyText.trim() === '' ? 'an empty body' : 'non-JSON text';
  }
  const value = exchange.body;
  if (Array.isArray(value)) return 'a JSON array';
  if (value === null) return 'JSON null';
  if (typeof value !== 'object') return `a JSON ${typeof value}`;
  return Object.keys(value).length === 0 ? 'an empty JSON object' : 'a JSON object';
}

/** A short, comparable description of an answer, for observations. */
export function answerSummary(exchange: Exchange): { status: number; mediaType: string; body: string } {
  return { status: exchange.status, mediaType: exchange.contentType, body: exchange.excerpt };
}

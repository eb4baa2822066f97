/**
 * Text that came from the service, capped before it goes into any message or report: a service can
 * send a name of a megabyte, and a report must stay readable and small whatever it sends.
 */
export const SERVICE_TEXT_MAX_BYTES = 2048;

/** The text, or its first `maxBytes` bytes (UTF-8, whole characters) followed by "… (N more bytes)". */
export function serviceText(text: string, maxBytes: number = SERVICE_TEXT_MAX_BYTES): string {
  // Each UTF-16 unit is at most 3 bytes of UTF-8: most text is decided without encoding it.
  if (text.length * 3 <= maxBytes) return text;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= maxBytes) return text;
  // The longest start within maxBytes, found by halving (a report may cut thousands of strings); never half of a surrogate pair.
  let low = 0;
  let high = Math.min(text.length, maxBytes);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (Buffer.byteLength(text.slice(0, middle), 'utf8') <= maxBytes) low = middle;
    else high = middle - 1;
  }
  const splitsPair = low > 0 && /[\ud800-\udbff]/.test(text[low - 1]) && /[\udc00-\udfff]/.test(text[low] ?? '');
  const kept = text.slice(0, splitsPair ? low - 1 : low);
  return `${kept}… (${bytes - Buffer.byteLength(kept, 'utf8')} more bytes)`;
}

/** Every line of a message capped (serviceText): a message quotes a value per line, each line stays readable. */
export function serviceLines(text: string, maxBytes: number = 2 * SERVICE_TEXT_MAX_BYTES): string {
  return text
    .split('\n')
    .map((line) => serviceText(line, maxBytes))
    .join('\n');
}

/** A JSON-like value with every string in it capped (serviceText), for observations and probe problems. */
export function serviceValue<T>(value: T, maxBytes: number = SERVICE_TEXT_MAX_BYTES): T {
  if (typeof value === 'string') return serviceText(value, maxBytes) as T;
  if (Array.isArray(value)) return value.map((item) => serviceValue(item, maxBytes)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [serviceText(key, maxBytes), serviceValue(item, maxBytes)])) as T;
  return value;
}

/**
 * The dates of §2.3 r5 (`MM/DD/YYYY`, `M/D/YYYY`, `YYYYMMDD`), and ISO 8601's `YYYY-MM-DD`, as a day
 * number (days since 1970-01-01, UTC): what the freshness measures compare. Anything else, or a
 * day that is no day of the calendar (02/30/2024), is no date.
 */
const MS_A_DAY = 86_400_000;

const FORMS: readonly [RegExp, (m: RegExpExecArray) => [string, string, string]][] = [
  [/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, (m) => [m[3], m[1], m[2]]],
  [/^(\d{4})(\d{2})(\d{2})$/, (m) => [m[1], m[2], m[3]]],
  [/^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/, (m) => [m[1], m[2], m[3]]],
];

export function dayOf(value: string): number | undefined {
  const text = value.trim();
  for (const [form, parts] of FORMS) {
    const match = form.exec(text);
    if (!match) continue;
    const [year, month, day] = parts(match).map(Number);
    const ms = Date.UTC(year, month - 1, day);
    const date = new Date(ms);
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
    return ms / MS_A_DAY;
  }
  return undefined;
}

/** The day number of an ISO timestamp: a survey's date. */
export const dayOfTimestamp = (iso: string): number => Math.floor(Date.parse(iso) / MS_A_DAY);

/** A day number as its ISO 8601 date, `2026-11-27`. */
export const dateOfDay = (day: number): string => new Date(day * MS_A_DAY).toISOString().slice(0, 10);

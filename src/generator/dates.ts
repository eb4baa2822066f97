/** Calendar dates without time zones, written in the formats of §2.3 rule 5. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

export type DateFormat = 'MM/DD/YYYY' | 'M/D/YYYY' | 'YYYYMMDD';

export function formatDate(date: CalendarDate, format: DateFormat): string {
  switch (format) {
    case 'MM/DD/YYYY':
      return `${pad(date.month)}/${pad(date.day)}/${date.year}`;
    case 'M/D/YYYY':
      return `${date.month}/${date.day}/${date.year}`;
    case 'YYYYMMDD':
      return `${date.year}${pad(date.month)}${pad(date.day)}`;
  }
}

export function isoDate(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

export function addYears(date: CalendarDate, years: number): CalendarDate {
  return { ...date, year: date.year + years };
}

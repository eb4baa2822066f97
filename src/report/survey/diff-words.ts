/** survey diff's result in one line, as the terminal and the survey page say it: both witnesses, and what changed between them. */
import type { SurveyReport } from '../../types/schemas';

type SurveyDiff = NonNullable<SurveyReport['diff']>;

const witnessInWords = ({ kind, source, date, records }: SurveyDiff['a']) =>
  `${source} (${kind}${date ? ` of ${date}` : ''}, ${records} records)`;

/** `A (survey of …, N records) → B (…): 0 added, 1 removed, 3 changed (name 2, address 1)`. */
export function diffInWords({ a, b, added, removed, changed, changedByField }: SurveyDiff): string {
  const fields = Object.entries(changedByField).map(([field, count]) => `${field} ${count}`);
  return `${witnessInWords(a)} → ${witnessInWords(b)}: ${added} added, ${removed} removed, ${changed} changed${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`;
}

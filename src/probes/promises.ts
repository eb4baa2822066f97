/** What each category of the probes file (schemas/probes.schema.json) promises, in words, and how a probe is named. */
export const PROMISED = {
  unique: 'exactly one matching provider',
  ambiguous: 'more than one matching provider',
  narrowedBy: 'that narrowedBy leaves exactly one provider',
  none: 'no matching provider',
  searches: 'at least one matching organization',
  multiPage: 'more than 25 matching organizations',
  overLimit: 'more than 1000 matching organizations',
  identifiers: 'at least one organization carrying it',
  statusSearch: 'that active=true and active=false each return only organizations with that flag',
} as const;

/** How a probe is named in reports: its place in the probes file and its query. */
export function probeLabel(place: string, query: unknown): string {
  return `${place} ${typeof query === 'string' ? query : JSON.stringify(query)}`;
}

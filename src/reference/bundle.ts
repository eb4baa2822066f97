import { randomUUID } from 'node:crypto';
import type { OrganizationMatches } from './organization-index';
import type { BuiltBundle, PageWindow } from './scenarios/behaviour';

/** ISO 8601 with an explicit +00:00 offset; §2.5 asks for a timestamp with offset. */
export function timestampWithOffset(date: Date): string {
  return date.toISOString().replace(/Z$/, '+00:00');
}

/**
 * A searchset bundle for one page of matches (§2.5): `total` counts every match (its meaning across
 * pages is not shown, §4.3 rule 4), a self link, and a next link while more pages remain.
 */
export function buildBundle(matches: OrganizationMatches, page: PageWindow, requestUrl: URL): BuiltBundle {
  const { start } = page;
  const entries = matches.slice(start, start + page.size);
  const link = [{ relation: 'self', url: requestUrl.href }];
  if (start + page.size < matches.length) {
    const next = new URL(requestUrl.href);
    next.searchParams.set('Page', String(page.page + 1));
    link.push({ relation: 'next', url: next.href });
  }
  return {
    resourceType: 'Bundle',
    id: randomUUID(),
    meta: { versionId: '1', lastUpdated: timestampWithOffset(new Date()) },
    type: 'searchset',
    total: matches.length,
    link,
    entry: entries.map((resource) => ({ fullUrl: `/Organization/${resource.id}`, resource, search: { mode: 'match' } })),
  };
}

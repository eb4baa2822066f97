/**
 * Relations between the providers a survey met (§4.1 r4): providers whose demographic searches
 * (FirstName, LastName, State) are one query form a group, and a group of two or more records is a
 * query that matches several. Each record's unit carries its query's key and what the query's first
 * answer was; the groups are formed when the tally is finished, over every unit it was given, so a
 * group whose members fall in different shards is judged once, after the merge, and a resumed survey
 * counts the same groups as one that ran through.
 *
 * A group's answer that names one of its members fails SB-AMBIGUOUS in the unit of the member it
 * does not name (judgeSharedDemographics), where the answer is at hand as evidence. Here: a group
 * whose every member was answered with the ambiguity text passes, each member a record checked.
 * Providers are grouped so twice, by their demographics and by their whole name alone (the first of nameSearches).
 */
import { createHash } from 'node:crypto';
import type { DemographicSearch } from '../rules/rulebook';

/** What a provider unit says of its demographic search: the query's key, the record, and whether the first answer was the ambiguity text. */
export interface DemographicRelation {
  group: string;
  id: string;
  ambiguous: boolean;
}

/** The key of a demographic query: equal for two records whose values are the same, in any case, spaces at the ends aside. */
export function demographicGroup(search: DemographicSearch): string {
  const values = Object.entries(search.query)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => [name, value.trim().toUpperCase()]);
  // A digest, not the names: the journal keeps one line a provider, and the key only has to be equal.
  return createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 22);
}

export interface RelationCounts {
  /** Groups of two or more records met that share a demographic query. */
  groups: number;
  /** Their records. */
  records: number;
  /** Records of groups whose every member was answered with the ambiguity text: SB-AMBIGUOUS held for each. */
  held: number;
}

export class DemographicGroups {
  /** Each query's records: most queries are one record's, held as its id alone, a Set only for a group. */
  private readonly members = new Map<string, Set<string> | string>();
  /** Each query: whether every first answer to it was the ambiguity text. */
  private readonly ambiguous = new Map<string, boolean>();

  add({ group, id, ambiguous }: DemographicRelation): void {
    this.ambiguous.set(group, (this.ambiguous.get(group) ?? true) && ambiguous);
    const known = this.members.get(group);
    if (known === undefined) this.members.set(group, id);
    else if (typeof known !== 'string') known.add(id);
    else if (known !== id) this.members.set(group, new Set([known, id]));
  }

  /** The records of groups whose every member was answered with the ambiguity text. */
  *heldRecords(): Iterable<string> {
    for (const [group, ids] of this.members) if (typeof ids !== 'string' && this.ambiguous.get(group)) yield* ids;
  }

  counts(): RelationCounts {
    const counts: RelationCounts = { groups: 0, records: 0, held: 0 };
    for (const [group, ids] of this.members) {
      if (typeof ids === 'string') continue;
      counts.groups++;
      counts.records += ids.size;
      if (this.ambiguous.get(group)) counts.held += ids.size;
    }
    return counts;
  }
}

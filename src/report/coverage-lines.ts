/**
 * What a run or a survey judged, in the words the terminal, the Markdown report and the survey's
 * output share: the counts, then the gaps (MUST first), those with one reason and one remedy in one
 * line. Rendered from the typed coverage (verdicts/coverage.ts), never read back.
 */
import type { Coverage, Gap } from '../verdicts/coverage';

/** The counts in one line: `coverage: 33 judged fully, 1 in part, 2 not judged, 1 not applicable`. */
export function coverageCounts(coverage: Pick<Coverage, 'judged' | 'partly' | 'notJudged' | 'notApplicable'>): string {
  return `coverage: ${coverage.judged} judged fully, ${coverage.partly} in part, ${coverage.notJudged} not judged, ${coverage.notApplicable} not applicable`;
}

/** How a gap stands against the verdict: a MUST gap decides it unless a baseline entry accepts it. */
export function gapStanding(gap: Gap): string {
  if (gap.accepted) return 'accepted gap';
  return `${gap.level} gap`;
}

/**
 * How many gaps a line names: a run stopped before its tests leaves every requirement a gap of one
 * reason, and a line of 28 ids is read by no one. The reports name every one.
 */
const IDS_NAMED = 6;

/** The gaps that share a standing, a reason and a remedy, in one line: `MUST gaps: ORG-PAGE (not judged), ORG-TOTAL (in part): … ; to close: …`. */
function grouped(gaps: readonly Gap[]): string[] {
  const groups = new Map<string, Gap[]>();
  for (const gap of gaps) {
    const key = JSON.stringify([gapStanding(gap), gap.reason.text, gap.closeWith]);
    groups.set(key, [...(groups.get(key) ?? []), gap]);
  }
  return [...groups.values()].map((group) => {
    const [first] = group;
    const named = group.slice(0, IDS_NAMED).map((gap) => `${gap.id} (${gap.judged === 'partly' ? 'in part' : 'not judged'})`);
    const more = group.length - named.length;
    const ids = `${named.join(', ')}${more > 0 ? `, and ${more} more, each named in the report` : ''}`;
    const accepted = first.accepted ? `; the baseline accepts it: ${first.accepted.reason}` : '';
    return `${gapStanding(first)}${group.length > 1 ? 's' : ''}: ${ids}: ${first.reason.text}${accepted}; to close: ${first.closeWith}`;
  });
}

/** The lines: counts, then every gap inside what the run set out to judge, and one line for those it did not select. */
export function coverageLines(coverage: Partial<Coverage>): string[] {
  if (coverage.gaps === undefined) return [];
  const selected = coverage.gaps.filter((gap) => gap.reason.kind !== 'not-selected');
  const unselected = coverage.gaps.length - selected.length;
  // Each driver says why in its own words (run: --grep or --shard; explore: its scope), never another's.
  const why = [...new Set(coverage.gaps.filter((gap) => gap.reason.kind === 'not-selected').map((gap) => gap.reason.text))];
  // Nothing inside what it set out to judge was left out: the verdict line says it all.
  if (selected.length === 0) return [];
  return [
    coverageCounts(coverage as Coverage),
    ...grouped(selected),
    ...(unselected > 0
      ? [
          `${unselected} requirement${unselected === 1 ? '' : 's'} outside what it set out to judge, no gap of its verdict: ${why.join('; ')}`,
        ]
      : []),
  ];
}

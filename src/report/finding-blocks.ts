/**
 * The findings on the terminal: one block per failing requirement and level, whatever number of
 * tests met it. A block names the requirement, its level and section and how many checks failed,
 * then its first example once (what was wrong, the request and its answer, the failing value), and
 * where every other one is. Against a baseline, each block says what is new and what is known; a
 * requirement whose failures are all known is one line. Rendered from the report's typed results,
 * never from the messages the tests threw.
 */
import type { BaselineOutcome, Failure, RequirementResult } from '../types/schemas';
import { failureLevel } from '../verdicts/aggregate';
import { acceptedBy } from '../verdicts/baseline/accepted';
import { counted } from './counted';
import { escapeLine } from './escape';
import { ruleOnce } from './whole-rule';

/** The example: what was wrong, the request with its answer, and the failing value, each on a line of its own. */
function example(failure: Failure): string[] {
  if (failure.rule === undefined || failure.url === undefined)
    return failure.message.split('\n').map((line) => `    ${escapeLine(line.trim(), 'terminal')}`);
  return [
    `    ${escapeLine(ruleOnce(failure.rule), 'terminal')}`,
    `    ${failure.method ?? 'GET'} ${escapeLine(failure.url, 'terminal')} → ${failure.status ?? ''} ${escapeLine(failure.mediaType ?? '', 'terminal')}`.trimEnd(),
    ...(failure.excerpt === undefined ? [] : [`    ${escapeLine(failure.excerpt, 'terminal')}`]),
  ];
}

/**
 * The blocks, MUST ones first. `where` names the files that hold every failure with its evidence
 * (`conformance-report/conformance.md`).
 */
export function findingBlocks(
  requirements: readonly RequirementResult[],
  baseline: Pick<BaselineOutcome, 'known'> | undefined,
  where: string,
): string[] {
  const reasonFor = acceptedBy(baseline);
  const blocks: { level: 'MUST' | 'SHOULD'; lines: string[] }[] = [];
  for (const r of requirements) {
    for (const level of ['MUST', 'SHOULD'] as const) {
      const failures = r.failures.filter((f) => failureLevel(f, r.level) === level);
      if (failures.length === 0) continue;
      const fresh = failures.filter((f) => reasonFor(r.id, f) === undefined);
      const head = `${r.id} ${level} ${r.spec}: ${counted(failures.length, 'failed check')}`;
      if (baseline && fresh.length === 0) {
        blocks.push({ level, lines: [`  known ${head}, every one accepted by the baseline`] });
        continue;
      }
      const standing = !baseline
        ? ''
        : fresh.length === failures.length
          ? ', NEW'
          : `, ${fresh.length} NEW, ${failures.length - fresh.length} known`;
      const rest = failures.length - 1;
      blocks.push({
        level,
        lines: [
          `  ${level === 'MUST' ? '✘' : '!'} ${head}${standing}`,
          ...example(fresh[0] ?? failures[0]),
          ...(rest > 0 ? [`    and ${rest} more: ${where}`] : []),
        ],
      });
    }
  }
  const ordered = [...blocks.filter((b) => b.level === 'MUST'), ...blocks.filter((b) => b.level === 'SHOULD')];
  return ordered.length === 0 ? [] : ['', 'findings:', ...ordered.flatMap((b) => b.lines)];
}

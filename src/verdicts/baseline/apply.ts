import { existsSync } from 'node:fs';
import type { BaselineSettings } from '../../config/run-config';
import type { ConformanceSummary } from '../aggregate';
import { readBaseline, writeBaseline } from '../../config/baseline-file';
import { type BaselineJudgement, judgeAgainstBaseline, updatedBaseline } from './judge';

/** Today as YYYY-MM-DD (UTC), the form of an entry's `expires`. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The run against its baseline. With --update-baseline the file is first rewritten from this run
 * (a line on standard error says what changed), and the run is judged against what was written.
 */
export function applyBaseline(summary: ConformanceSummary, settings: BaselineSettings, strict: boolean): BaselineJudgement {
  const options = { strict, failOnDrift: settings.failOnDrift, today: today() };
  if (!settings.update) return judgeAgainstBaseline(summary, settings.file, readBaseline(settings.file), options);
  const old = existsSync(settings.file) ? readBaseline(settings.file) : undefined;
  const next = updatedBaseline(summary, old, options.today);
  writeBaseline(settings.file, next);
  const before = old?.expectations.length ?? 0;
  const kept = next.expectations.filter((e) => old?.expectations.includes(e)).length;
  const gaps = next.gaps?.length ?? 0;
  console.error(
    `baseline: wrote ${settings.file}: ${next.expectations.length} ${next.expectations.length === 1 ? 'entry' : 'entries'} (${kept} kept, ${next.expectations.length - kept} added, ${before - kept} removed)${gaps > 0 ? `, and ${gaps} accepted gap${gaps === 1 ? '' : 's'}` : ''}`,
  );
  return judgeAgainstBaseline(summary, settings.file, next, options);
}

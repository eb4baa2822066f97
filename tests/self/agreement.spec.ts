/**
 * The mutation run's agreement row (src/suite-runs/agreement.ts) on drivers' outcomes made here: a
 * replay that says anything but `still fails` against the fault, or `fixed` against the clean
 * server, is a disagreement the row names; one that says them is none.
 */
import { conformanceReport } from '../../src/report/model';
import { FAULTS } from '../../src/reference/scenarios/faults';
import { agreementRow, type Replayed } from '../../src/suite-runs/agreement';
import { aggregate } from '../../src/verdicts/aggregate';
import { expect, test } from './fixtures';

const fault = FAULTS.find((f) => f.name === 'single-best-array')!;
const suite = conformanceReport({
  ...aggregate([], { strict: false }),
  id: 'suite',
  target: { baseUrl: 'http://127.0.0.1:1/scenario/single-best-array', embedded: false },
  startedAt: '2026-11-29T00:00:00.000Z',
  durationMs: 1,
});
const rowOf = (replayed: Replayed) => agreementRow(fault, { suite, probes: [], replayed }, 'not surveyed');

test(
  'replay in the agreement row: still fails against the fault and fixed on the clean server agree; anything else is named',
  { tag: '@fast' },
  () => {
    const agreeing = rowOf({
      again: [{ id: 'SB-ROOT-OBJECT', status: 'still fails' }],
      onClean: [{ id: 'SB-ROOT-OBJECT', status: 'fixed' }],
    });
    expect(agreeing.replay).toBe('1 of 1 still fail; 1 of 1 fixed on clean');
    expect(agreeing.disagreements.filter((d) => d.startsWith('replay'))).toEqual([]);
    const disagreeing = rowOf({
      again: [
        { id: 'SB-ROOT-OBJECT', status: 'fixed' },
        { id: 'SB-NARROWING', status: 'still fails' },
      ],
      onClean: [{ id: 'SB-ROOT-OBJECT', status: 'changed' }],
    });
    expect(disagreeing.replay).toBe('1 of 2 still fail; 0 of 1 fixed on clean');
    expect(disagreeing.disagreements.filter((d) => d.startsWith('replay'))).toEqual([
      'replay against the fault says SB-ROOT-OBJECT fixed, not still fails',
      'replay against the clean server says SB-ROOT-OBJECT changed, not fixed',
    ]);
    // Not asked: a dash, and nothing to agree on.
    expect(agreementRow(fault, { suite, probes: [] }, 'not surveyed').replay).toBe('-');
  },
);

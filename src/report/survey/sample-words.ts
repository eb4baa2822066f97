import type { SurveyReport } from '../../types/schemas';

/** A sample in words: `5% of the NPIs and of the organizations met`, or, for --sample N, the N NPIs and the share they make. */
export function sampleInWords({ percent, count }: NonNullable<SurveyReport['sample']>): string {
  const share = `${Number(percent.toPrecision(4))}%`;
  return count === undefined
    ? `${share} of the NPIs and of the organizations met`
    : `${count} NPIs of the list (${share} of its distinct NPIs; all of them, when it holds no more) and ${share} of the organizations met`;
}

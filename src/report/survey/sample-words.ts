import type { SurveyReport } from '../../types/schemas';

/** A share in percent to four significant digits, or as many more as keep a share under 100 from reading as 100. */
function shownShare(percent: number): string {
  let digits = 4;
  while (percent < 100 && Number(percent.toPrecision(digits)) >= 100 && digits < 17) digits++;
  return String(Number(percent.toPrecision(digits)));
}

/** A sample in words: `5% of the NPIs and of the organizations met`, or, for --sample N, the N NPIs and the share they make. */
export function sampleInWords({ percent, count }: NonNullable<SurveyReport['sample']>): string {
  const share = `${shownShare(percent)}%`;
  return count === undefined
    ? `${share} of the NPIs and of the organizations met`
    : `${count} NPIs of the list (${share} of its distinct NPIs; all of them, when it holds no more) and ${share} of the organizations met`;
}

/** How the reports count things in words: the verdicts' own (verdicts/verdict.ts), so that a verdict and its report say a count alike. */
export { counted } from '../verdicts/verdict';

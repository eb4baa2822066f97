import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root';

/**
 * The results of the last whole `npm run bench`, committed: the documents' figures are rendered from
 * them (scripts/render-figures.ts, checked in npm test), never typed by hand.
 */
export const COMMITTED_BENCH_RESULTS = join(PACKAGE_ROOT, 'docs', 'bench-results.json');

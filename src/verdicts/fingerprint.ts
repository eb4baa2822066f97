import type { Failure } from '../types/schemas';

/** The endpoint of a failure's request, the same whatever the deployment's host and path prefix. */
export function endpointOf(url: string | undefined): string {
  if (!url) return '(no request)';
  const path = (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  })();
  if (path.includes('/searchSingleBest')) return 'searchSingleBest';
  if (path.includes('/sourceRecords/')) return 'sourceRecords';
  if (path.includes('/organization')) return 'organization';
  return path;
}

/**
 * Where a failure happened, the same across runs and deployments: the endpoint, and the JSON
 * Pointer with its array indices generalised (entry 3 and entry 4 break the same rule), such as
 * `searchSingleBest /data/Name/*`. A baseline entry's `fingerprint` is this;
 * with the requirement id before it, it tells two runs' failures apart (compare).
 */
export function failureLocation(failure: Pick<Failure, 'url' | 'pointer'>): string {
  const pointer = failure.pointer === undefined ? '' : ` ${failure.pointer.replace(/\/\d+(?=\/|$)/g, '/*') || '/'}`;
  return `${endpointOf(failure.url)}${pointer}`;
}

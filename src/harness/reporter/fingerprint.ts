import type { Failure } from '../annotations';

/** The endpoint of a failure's request, the same whatever the deployment's host and path prefix. */
function endpointOf(url: string | undefined): string {
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
 * What makes two failures the same failure across runs and deployments: the requirement, the
 * endpoint, and the JSON Pointer with its array indices generalised (entry 3 and entry 4 break the
 * same rule). A second failure of the same requirement elsewhere is a different fingerprint.
 */
export function failureFingerprint(id: string, failure: Failure): string {
  const pointer = failure.pointer === undefined ? '' : ` ${failure.pointer.replace(/\/\d+(?=\/|$)/g, '/*') || '/'}`;
  return `${id} ${endpointOf(failure.url)}${pointer}`;
}

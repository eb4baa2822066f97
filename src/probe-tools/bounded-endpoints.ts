/** The endpoints a draft asks through: counted, and bounded by the requests it promised to make at most (draft-bound.ts). */
import { DirectoryEndpoints } from '../client/endpoints';
import type { Exchange } from '../client/exchange';

/** The endpoints, counting every request and refusing any past the bound: the bound is a promise to the user. */
export class BoundedEndpoints extends DirectoryEndpoints {
  requests = 0;
  bound = Infinity;

  protected override async answered(pending: Promise<Exchange>): Promise<Exchange> {
    if (++this.requests > this.bound) throw new Error(`probes draft: more than ${this.bound} requests; this is a bug of the harness`);
    return pending;
  }
}

import type { HttpRequirementId } from '../../../harness/catalogue';
import type { FaultsFor } from '../scenario';

/** Faults of every endpoint: the cross-cutting HTTP rules, keyed by the requirement each one breaks: the type requires at least one for every requirement. */
export const HTTP_FAULTS: FaultsFor<HttpRequirementId> = {
  'HTTP-JSON': [
    // Cross-cutting HTTP.
    {
      name: 'json-as-text-plain',
      description: 'records served as text/plain',
      behaviour: { provider: { mediaType: 'text/plain; charset=utf-8' } },
    },
    {
      name: 'bundle-truncated-json',
      description: 'the bundle JSON is cut short',
      behaviour: { organization: { bundle: (bundle) => JSON.stringify(bundle).slice(0, -2) } },
    },
  ],
  'HTTP-NO-5XX': [
    {
      name: 'bad-count-500',
      description: 'a non-numeric Count or Page crashes the handler',
      behaviour: { http: { errorStatus: (error) => (error.code === 'invalid-parameter' ? 500 : error.status) } },
    },
    {
      name: 'long-value-500',
      description: 'over-long values overflow a buffer',
      behaviour: { http: { errorStatus: (error) => (error.code === 'value-too-long' ? 500 : error.status) } },
    },
    {
      name: 'unknown-parameter-500',
      description: 'an unknown parameter name throws',
      behaviour: { http: { errorStatus: (error) => (error.code === 'unknown-parameter' ? 500 : error.status) } },
    },
  ],
};

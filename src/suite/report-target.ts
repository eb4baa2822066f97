import type { Redactor } from '../client/redact';
import type { ConformanceReport } from '../report/model';
import type { SuiteConfig } from './suite-config';

/** What a report says of its target: the URL, redacted, and which kinds of credential were sent, never their values. */
export function reportTargetOf(config: SuiteConfig, redactor: Redactor): ConformanceReport['target'] {
  return {
    baseUrl: redactor.url(config.baseUrl),
    embedded: config.embedded,
    credentials: {
      bearer: config.apiToken !== undefined,
      headers: Object.keys(config.apiHeaders),
      clientCertificate: config.clientCertificate !== undefined,
    },
  };
}

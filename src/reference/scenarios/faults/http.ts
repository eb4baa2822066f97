import { gzipSync } from 'node:zlib';
import type { HttpRequirementId } from '../../../spec/catalogue';
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
    {
      name: 'bom-before-json',
      description: 'a serializer that writes a UTF-8 byte-order mark before every JSON answer: one HTTP-JSON finding, nothing else',
      alone: true,
      behaviour: {
        http: { respond: (payload, reply) => (/json/.test(String(reply.getHeader('content-type'))) ? `\uFEFF${payload}` : payload) },
      },
    },
    {
      // A feed of Latin-1 bytes written out as they came, under a media type that says UTF-8.
      name: 'latin1-declared-utf8',
      description:
        'golden records carry PreferredLanguage Français, and every answer holding it is sent as Latin-1 bytes under charset=utf-8',
      draft: true,
      behaviour: {
        searchSingleBest: { golden: (record) => ({ ...record, data: { ...record.data, PreferredLanguage: ['Français'] } }) },
        http: {
          respond: (payload, reply) =>
            /json/.test(String(reply.getHeader('content-type'))) && /[^ -~\n\r\t]/.test(payload) ? Buffer.from(payload, 'latin1') : payload,
        },
      },
    },
    {
      // A server that counts Content-Length in characters, not bytes: a body with a letter beyond ASCII arrives cut short.
      name: 'content-length-in-characters',
      description:
        'golden records carry PreferredLanguage Français, and every answer is cut to as many bytes as it has characters (a Content-Length counted in characters)',
      draft: true,
      behaviour: {
        searchSingleBest: { golden: (record) => ({ ...record, data: { ...record.data, PreferredLanguage: ['Français'] } }) },
        http: { respond: (payload) => Buffer.from(payload).subarray(0, payload.length) },
      },
    },
    {
      name: 'gzip-unasked',
      description: 'every answer gzip-compressed, though the request accepts only identity: a near miss, judged decoded',
      level: 'SHOULD',
      alone: true,
      behaviour: {
        http: {
          respond: (payload, reply) => {
            reply.header('content-encoding', 'gzip');
            return gzipSync(payload);
          },
        },
      },
    },
    {
      // A proxy that adds the label of a compression it did not apply: RFC 9110 §8.4, the body is read as the label says or not at all.
      name: 'gzip-label-on-plain-body',
      description: 'every answer labelled Content-Encoding: gzip, its body plain JSON: no client that honours the label can read it',
      behaviour: {
        http: {
          respond: (payload, reply) => {
            reply.header('content-encoding', 'gzip');
            return payload;
          },
        },
      },
    },
    {
      name: 'duplicate-member-names',
      description: 'golden records written with id twice, the master-data key and then the curated ID: a near miss',
      level: 'SHOULD',
      alone: true,
      behaviour: { searchSingleBest: { golden: (record) => `{"id":"mdm-${record.id.slice(0, 6)}",${JSON.stringify(record).slice(1)}` } },
    },
  ],
  'HTTP-NO-5XX': [
    {
      name: 'bad-count-500',
      description: 'a non-numeric Count or Page crashes the handler',
      unseenBySurvey: 'the survey sends only the Page numbers of its walks',
      behaviour: { http: { errorStatus: (error) => (error.code === 'invalid-parameter' ? 500 : error.status) } },
    },
    {
      name: 'long-value-500',
      description: 'over-long values overflow a buffer',
      unseenBySurvey: "the survey sends only the records' own NPIs and the walks' queries",
      behaviour: { http: { errorStatus: (error) => (error.code === 'value-too-long' ? 500 : error.status) } },
    },
    {
      name: 'unknown-parameter-500',
      description: 'an unknown parameter name throws',
      unseenBySurvey: 'the survey sends only parameters of §4.1 and §4.3',
      behaviour: { http: { errorStatus: (error) => (error.code === 'unknown-parameter' ? 500 : error.status) } },
    },
  ],
};

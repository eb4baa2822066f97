/**
 * Services that fail or lie in the middle of a walk or a survey, for the survey: a survey must end within its bounds,
 * say it is incomplete (exit 3), keep a checkpoint that --resume completes once the service is
 * well again, and count no record twice.
 */
import type { FastifyRequest } from 'fastify';
import type { Scenario } from './scenario';
import { withBundle } from './transforms';
import { isAnswer, REFERENCE_BEHAVIOUR } from './behaviour';

/** What `walk-total-billion` says every search matches. */
export const BILLION = 1_000_000_000;

/** How many pages `walk-pages-cycle` repeats past the last, in turn. */
export const CYCLE_PAGES = 3;

/** How many entries `walk-million-entries` puts in one bundle. */
export const MILLION = 1_000_000;

/** Pages past this one fail, in the scenarios below. */
export const PAGES_THAT_ANSWER = 1;

/** A Page past PAGES_THAT_ANSWER of an organization search. */
function pastTheLastGoodPage(request: FastifyRequest): boolean {
  const url = new URL(request.url, 'http://service.test');
  return /\/organization$/i.test(url.pathname) && Number(url.searchParams.get('Page') ?? '1') > PAGES_THAT_ANSWER;
}

export const HOSTILE_WALKS: readonly Scenario[] = [
  {
    name: 'walk-resets-after-page-1',
    description: `resets the connection of every organization page past page ${PAGES_THAT_ANSWER}`,
    behaviour: {
      http: {
        intercept: async (request, reply) => {
          if (!pastTheLastGoodPage(request)) return false;
          reply.hijack();
          request.raw.socket.destroy();
          return true;
        },
      },
    },
  },
  {
    name: 'walk-fails-after-page-1',
    description: `answers every organization page past page ${PAGES_THAT_ANSWER} with 500 Internal Server Error`,
    behaviour: {
      http: {
        intercept: async (request, reply) => {
          if (!pastTheLastGoodPage(request)) return false;
          reply.code(500).type('application/json').send('{"error":"internal server error"}');
          return true;
        },
      },
    },
  },
  {
    name: 'walk-total-billion',
    description: `says every organization search matches ${BILLION.toLocaleString('en-US')} organizations; its pages hold the real ones`,
    behaviour: {
      organization: {
        bundle: withBundle((bundle) => {
          bundle.total = BILLION;
        }),
      },
    },
  },
  {
    name: 'token-lapses-after-first-request',
    description: 'answers 403 with an HTML page to every request after its first, as when a token lapses mid-survey',
    behaviour: {
      http: {
        intercept: async (_request, reply, call) => {
          if (call === 1) return false;
          reply.code(403).type('text/html').send('<html><body>Forbidden</body></html>');
          return true;
        },
      },
    },
  },
  {
    name: 'walk-pages-cycle',
    description: `pages past the last never end: they hold pages 1 to ${CYCLE_PAGES} again, in turn, for ever`,
    behaviour: {
      organization: {
        paging: (count, page, matches) => {
          const window = REFERENCE_BEHAVIOUR.organization.paging(count, page, matches);
          if (isAnswer(window) || page === undefined || window.start < matches || matches === 0) return window;
          const last = Math.ceil(matches / window.size);
          const again = ((page - last - 1) % Math.min(CYCLE_PAGES, last)) + 1;
          return { ...window, start: (again - 1) * window.size };
        },
      },
    },
  },
  {
    name: 'walk-million-entries',
    description: `answers every organization search with one bundle of ${MILLION.toLocaleString('en-US')} empty entries (3 MB)`,
    behaviour: {
      http: {
        intercept: async (request, reply) => {
          if (!/\/organization$/i.test(new URL(request.url, 'http://service.test').pathname)) return false;
          reply
            .code(200)
            .type('application/fhir+json')
            .send(`{"resourceType":"Bundle","type":"searchset","total":${MILLION},"entry":[${'{},'.repeat(MILLION - 1)}{}]}`);
          return true;
        },
      },
    },
  },
  {
    name: 'walk-silent-after-page-1',
    description: `accepts every organization page past page ${PAGES_THAT_ANSWER} and never answers it`,
    behaviour: {
      http: {
        intercept: async (request, reply) => {
          if (!pastTheLastGoodPage(request)) return false;
          reply.hijack();
          return true;
        },
      },
    },
  },
];

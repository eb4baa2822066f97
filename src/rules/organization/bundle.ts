/**
 * GET {FHIR_PATH}/organization (§4.3): the searchset bundle (§2.5) and its entries, what `total`
 * says, and the search with no parameter.
 */
import type { Exchange } from '../../client/exchange';
import { MAX_COUNT } from '../../spec/constants';
import type { RequirementId } from '../../spec/catalogue';
import { answeredObject, answerSummary, rootKind } from '../answers';
import { Judgement } from '../judgement';
import { entriesOf, hasNextLink } from './entries';

/** The bundle's `total`, whatever the service sent. */
export const total = (exchange: Exchange): unknown => (exchange.body as { total?: unknown } | undefined)?.total;

export const isSuccess = (exchange: Exchange) => exchange.status >= 200 && exchange.status < 300;

/** Only a successful, parsed bundle can contradict a probe: anything else is the service's own failure. */
export const isBundle = (exchange: Exchange) => isSuccess(exchange) && answeredObject(exchange);

/**
 * A bundle as the answer says of itself: a successful object that names itself a Bundle or holds
 * entries. Every such answer is judged as a bundle whatever the request; an answer that claims
 * neither (§4.3 r2 does not show what no parameter or no match gives) only where a bundle was promised.
 */
export const claimsBundle = (exchange: Exchange) =>
  isBundle(exchange) && ((exchange.body as { resourceType?: unknown }).resourceType === 'Bundle' || 'entry' in (exchange.body as object));

/** One check of `id`: the request (in words) answered a bundle (§2.5). */
export function answeredBundle(judgement: Judgement, id: RequirementId, exchange: Exchange, request: string): boolean {
  return judgement.check(
    id,
    isBundle(exchange),
    () => `${request} answered ${exchange.status} with ${rootKind(exchange)}, not a bundle (§2.5)`,
    {
      exchange,
    },
  );
}

/** Whether the bundle itself says that more matches exist than it holds: a next link, or a larger total. */
export function showsMore(exchange: Exchange): boolean {
  const value = total(exchange);
  return hasNextLink(exchange.body) || (typeof value === 'number' && value > entriesOf(exchange.body).length);
}

/** A short bundle in words, for a probe problem. */
export const shortAnswer = (exchange: Exchange) =>
  `${entriesOf(exchange.body).length} entries, total ${JSON.stringify(total(exchange))}, no next link`;

/**
 * ORG-TOTAL on one answer of Count at its maximum: `total` covers the entries, and equals them when
 * the whole result is here (fewer entries than Count, and no next link).
 */
export function judgeTotal(exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const entries = entriesOf(exchange.body).length;
  const value = total(exchange);
  if (!isSuccess(exchange) || typeof value !== 'number') return judgement;
  judgement.check('ORG-TOTAL', value >= entries, `total ${value} is less than the ${entries} entries in the bundle (§2.5)`, {
    exchange,
    pointer: '/total',
  });
  if (entries < MAX_COUNT && !hasNextLink(exchange.body)) {
    judgement.check(
      'ORG-TOTAL',
      value === entries,
      `the whole result (${entries} entries, Count=${MAX_COUNT}, no next link) is in this bundle, but total is ${value}`,
      { exchange, pointer: '/total' },
    );
  }
  return judgement;
}

/** ORG-MIN-PARAMS (§4.3, §8): a search with no parameter returns no bundle of records; its answer is observed (§4.3 r2). */
export function judgeMinParams(exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const entries = entriesOf(exchange.body).length;
  judgement.check(
    'ORG-MIN-PARAMS',
    !(isSuccess(exchange) && entries > 0),
    `a search with no parameter answered ${exchange.status} with ${entries} entries; at least one parameter is required (§4.3, §8)`,
    { exchange, pointer: '/entry' },
  );
  return judgement.observe('OBS-ORG-NO-PARAMS', answerSummary(exchange));
}

/** OBS-PARAM-CASE (not shown): whether organization parameter names in upper case give the same results. */
export function observeParamCase(base: Exchange, upper: Exchange, sent: string): Judgement {
  const same = isSuccess(upper) && total(upper) === total(base) && entriesOf(upper.body).length > 0;
  return new Judgement().observe('OBS-PARAM-CASE', {
    endpoint: 'organization',
    sent,
    status: upper.status,
    outcome: same ? 'same results: names are case-insensitive' : 'other results: names are case-sensitive',
  });
}

/**
 * OBS-ORG-NO-MATCH (§4.3 r2 does not show it): what an organization search that nothing says
 * matches answers when it finds nothing: an empty bundle, or a 4xx with a body of its own, observed
 * and never judged as a bundle. One that holds organizations is judged as every answer is, by what it
 * was asked (a `system|value` with another system matches nothing: FHIR token search).
 */
export function observeOrganizationNoMatch(exchange: Exchange): Judgement {
  const judgement = new Judgement();
  if (isBundle(exchange) && entriesOf(exchange.body).length > 0) return judgement;
  // A bundle of no entry is said as such: its id and time are the answer's, not the service's behaviour.
  const { status, contentType: mediaType } = exchange;
  return judgement.observe(
    'OBS-ORG-NO-MATCH',
    claimsBundle(exchange) ? { status, mediaType, outcome: 'an empty bundle' } : { ...answerSummary(exchange), outcome: 'no bundle' },
  );
}

/** §4.3 identifier search, FHIR token style: `value` or `system|value` (ORG-FILTER-IDENTIFIER). */
import type { Exchange } from '../../client/exchange';
import { PROMISED } from '../../probes/promises';
import { answeredObject, rootKind } from '../answers';
import { Judgement } from '../judgement';
import { objectsIn as objects, textOf as text } from '../json';
import type { EntryProblem } from '../problem';
import { isSuccess } from './bundle';
import { entriesOf, resourceOf, systemsOf } from './entries';

/** ORG-FILTER-IDENTIFIER: entries that carry no identifier with that value (and system, when given). */
export function identifierProblems(bundle: unknown, value: string, system?: string): EntryProblem[] {
  return entriesOf(bundle).flatMap((entry, i) => {
    const identifiers = objects(resourceOf(entry).identifier);
    const ok = identifiers.some((id) => text(id.value) === value && (system === undefined || text(id.system) === system));
    return ok
      ? []
      : [
          {
            pointer: `/entry/${i}/resource/identifier`,
            message: `the organization carries no identifier ${system ? `${system}|` : ''}${value}`,
          },
        ];
  });
}

/** A system no organization's identifier carries (FHIR token search: system|value must match both). */
export const NO_SUCH_SYSTEM = 'urn:conformance:no-such-identifier-system';

/**
 * ORG-FILTER-IDENTIFIER on `identifier=value` for a value the probes promise: a bundle (§4.3 names
 * the parameter: refusing it is the service's fault) holding some organization. No organization at
 * all blames the probe, unless an answer of the run showed one carrying it (`carriedBy`, in words).
 * That every organization carries it is judged of every answer, whatever asked it (judgeSearchFilters).
 */
export function judgeIdentifierSearch(probe: string, value: string, exchange: Exchange, carriedBy?: string): Judgement {
  const judgement = new Judgement();
  const bundle = exchange.body;
  const refused = () => `identifier=${value} answered ${exchange.status} with ${rootKind(exchange)}, not a bundle (§4.3)`;
  if (!judgement.check('ORG-FILTER-IDENTIFIER', isSuccess(exchange), refused, { exchange })) return judgement;
  // An unreadable body is HTTP-JSON's.
  if (!answeredObject(exchange))
    return judgement.skip('ORG-FILTER-IDENTIFIER', {
      kind: 'answer-unjudgeable',
      status: exchange.status,
      see: 'HTTP-JSON',
      text: `identifier=${value} answered ${rootKind(exchange)}: see HTTP-JSON`,
    });
  // The run's own answers are evidence: an organization seen carrying the value proves the service wrong, not the probe.
  if (entriesOf(bundle).length === 0 && carriedBy !== undefined)
    return judgement.problems(
      'ORG-FILTER-IDENTIFIER',
      [`identifier=${value} answered ${exchange.status} with no organization, though ${carriedBy}`],
      exchange,
      'an identifier search does not find the organization that carries it (§4.3: return all organization records matching)',
    );
  if (entriesOf(bundle).length === 0) {
    const observed = `identifier=${value} answered ${exchange.status} with no organization`;
    return judgement.probeProblem({ probe, promised: PROMISED.identifiers, observed }, exchange);
  }
  return judgement;
}

/** The system the service reports for an identifier value, to search `system|value` with next, when it reports one. */
export function reportedSystem(value: string, exchange: Exchange): string | undefined {
  return isSuccess(exchange) && answeredObject(exchange) ? systemsOf(exchange.body, value)[0] : undefined;
}

/**
 * ORG-FILTER-IDENTIFIER on the FHIR token form `system|value` (§4.3), with the system the service
 * itself reports: it finds what `value` alone found. What it holds carries both, as every answer's
 * entries carry what they were asked for (judgeSearchFilters).
 */
export function judgeQualifiedIdentifier(value: string, system: string, qualified: Exchange): Judgement {
  const judgement = new Judgement();
  judgement.check(
    'ORG-FILTER-IDENTIFIER',
    entriesOf(qualified.body).length > 0,
    `identifier=${system}|${value} found nothing, though identifier=${value} found organizations carrying it with that system`,
    { exchange: qualified },
  );
  return judgement;
}

import { OPTIONAL_SUFFIX, ORGANIZATION_FILTERS, PAGING_PARAMETERS, PROVIDER_PARAMETERS } from '../spec/constants';
import type { Probes } from '../types/schemas';

/** Edit distance, case-insensitive, for "did you mean". */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    row = next;
  }
  return row[y.length];
}

function closest(name: string, known: readonly string[]): string {
  return [...known].sort((a, b) => distance(name, a) - distance(name, b))[0];
}

/** Every query of the probes file with its place and the names §4.1 or §4.3 allow there. */
function queriesOf(probes: Probes): { place: string; query: Record<string, string>; known: readonly string[]; dash: boolean }[] {
  const provider = (place: string, query: Record<string, string>) => ({ place, query, known: PROVIDER_PARAMETERS, dash: true });
  const organization = (place: string, query: Record<string, string>) => ({
    place,
    query,
    known: [...ORGANIZATION_FILTERS, ...PAGING_PARAMETERS],
    dash: false,
  });
  const { provider: p = {}, organization: o = {} } = probes;
  return [
    ...(p.unique ?? []).map((probe, i) => provider(`provider.unique[${i}].query`, probe.query)),
    ...(p.ambiguous ?? []).flatMap((probe, i) => [
      provider(`provider.ambiguous[${i}].query`, probe.query),
      provider(`provider.ambiguous[${i}].narrowedBy`, probe.narrowedBy),
    ]),
    ...(p.none ?? []).map((probe, i) => provider(`provider.none[${i}].query`, probe.query)),
    ...(o.searches ?? []).map((probe, i) => organization(`organization.searches[${i}].query`, probe.query)),
    ...(o.multiPage ? [organization('organization.multiPage.query', o.multiPage.query)] : []),
    ...(o.overLimit ? [organization('organization.overLimit.query', o.overLimit.query)] : []),
  ];
}

/**
 * The first parameter name of the probes file that §4.1 (with its optional dash) or §4.3 does not
 * name, with the closest known name; undefined when all are known. Names are exact (§4.1: "names
 * exactly as written"), so `Firstname` is unknown even where a service would accept it.
 */
export function unknownProbeParameter(probes: Probes): string | undefined {
  for (const { place, query, known, dash } of queriesOf(probes)) {
    for (const sent of Object.keys(query)) {
      const name = dash && sent.endsWith(OPTIONAL_SUFFIX) ? sent.slice(0, -OPTIONAL_SUFFIX.length) : sent;
      if (known.includes(name)) continue;
      const suggestion = closest(name, known);
      const section = dash ? '§4.1' : '§4.3';
      return `${place} has the unknown parameter "${sent}": did you mean "${suggestion}${sent.endsWith(OPTIONAL_SUFFIX) && dash ? OPTIONAL_SUFFIX : ''}"? (${section} names: ${known.join(', ')})`;
    }
  }
  return undefined;
}

/**
 * ORG-FHIR-R4: a bundle and its Organizations, read by a maintained FHIR R4 validator (FHIR.js, with
 * its bundled 4.0.0 definitions), never by a hand-written one. What the suite tells it, and why,
 * is in docs/requirements.md ("How the suite reads the specification").
 */
import { hash } from 'node:crypto';
import { Fhir } from 'fhir';
import { distinctByJson } from '../../json/distinct';
import { isJsonObject } from '../json';
import type { EntryProblem } from '../problem';

let validator: Fhir | undefined;
/** Parsing the R4 definitions costs a few hundred milliseconds: once per worker. */
const fhir = () => (validator ??= new Fhir());

/** `Organization.telecom[0].rank` at `/entry/3/resource` becomes `/entry/3/resource/telecom/0/rank`. */
function pointerOf(location: string | undefined, base: string): string {
  const path = (location ?? '')
    .split('.')
    .slice(1)
    .join('/')
    .replace(/\[(\d+)\]/g, '/$1');
  return path ? `${base}/${path}` : base || '/';
}

/** The validator's errors and fatal ones, as it words them, with the FHIRPath location each names. */
type ValidatorMessage = { location: string | undefined; message: string | undefined };

/** The validator's errors and fatal ones for one resource. */
function validatorErrors(resource: unknown): ValidatorMessage[] {
  // errorOnUnexpected stays false: §2.5 lists the fields a service sends, not all it may send.
  const { messages } = fhir().validate(resource as object, { errorOnUnexpected: false });
  return messages
    .filter((m) => m.severity === 'error' || m.severity === 'fatal')
    .map((m) => ({ location: m.location, message: m.message }));
}

/**
 * Verdicts already given, by the resource's JSON text (its SHA-1): a run meets the same
 * organization on many answers (every page of a walk, the Count=1000 answer, each filter that finds
 * it), and reading it again would give the same messages. Bounded in two generations: when the
 * newer one is full, the older is dropped whole. (Dropping the oldest entry one at a time costs a
 * scan past every entry deleted before it: 9 of 50 CPU seconds of a walk of 250,000 organizations.)
 * A generation holds 5,000: an organization is met again within the answers of one test or of one
 * unit of a survey, and 25,000 made the cache grow with a survey's directory up to 100k
 * organizations (6 MB at 100k against 1.2 at 10k), where it then stayed.
 */
let known = new Map<string, ValidatorMessage[]>();
let knownBefore = new Map<string, ValidatorMessage[]>();
const KNOWN_PER_GENERATION = 5_000;

function rememberedErrors(resource: unknown): ValidatorMessage[] {
  // One call, SHA-1: a key, not a signature; a hash object made and fed for each organization cost
  // twice as much (a tenth of a run's judging).
  const key = hash('sha1', JSON.stringify(resource), 'base64');
  const seen = known.get(key) ?? knownBefore.get(key);
  if (seen) return seen;
  const errors = validatorErrors(resource);
  if (known.size >= KNOWN_PER_GENERATION) {
    knownBefore = known;
    known = new Map();
  }
  known.set(key, errors);
  return errors;
}

/** The messages at `base` in the body, each once. */
function problemsAt(errors: readonly ValidatorMessage[], base: string): EntryProblem[] {
  return distinctByJson(
    errors.map((m) => ({ pointer: pointerOf(m.location, base), message: `${m.message ?? 'invalid'} (${m.location ?? base})` })),
  );
}

/**
 * The validator's errors for one resource, at `base` in the body: errors and fatal ones only, each
 * once. Throws as fhirR4Problems does.
 */
export function fhirR4ResourceProblems(resource: unknown, base: string): EntryProblem[] {
  return problemsAt(rememberedErrors(resource), base);
}

/** An entry without its resource: the key itself goes, since the validator reads any resource key it finds. */
function withoutResource(entry: Record<string, unknown>): Record<string, unknown> {
  const { resource: _resource, ...rest } = entry;
  return rest;
}

/**
 * Errors in the bundle and in each entry's resource. Throws when the validator itself fails
 * (it cannot read a JSON null, for one): the caller says so as a skip, not as a finding.
 */
export function fhirR4Problems(bundle: unknown): EntryProblem[] {
  if (!isJsonObject(bundle)) return [];
  const entries = Array.isArray(bundle.entry) ? bundle.entry : [];
  // The bundle without its resources, then each resource on its own, so that a message's location
  // names the entry it belongs to.
  const shell = { ...bundle, entry: entries.map((e) => (isJsonObject(e) ? withoutResource(e) : e)) };
  return [
    // Read, not remembered: a bundle's id is new on every answer, so its shell is never met again.
    ...problemsAt(validatorErrors(shell), ''),
    ...entries.flatMap((e, i) =>
      isJsonObject(e) && isJsonObject(e.resource) ? fhirR4ResourceProblems(e.resource, `/entry/${i}/resource`) : [],
    ),
  ];
}

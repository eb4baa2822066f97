/**
 * How the rules compare a searched value with a value a record holds, where the specification does not
 * show the matching rules (§4.1 r5, §4.3): on the readings a service may take, never on one of them.
 */

/** Letters and digits only, accents folded, upper case: "St. Mary's" → "STMARYS", "LUCÍA" → "LUCIA". */
export const compact = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** The words of a value, each compacted: "VAN DER-BERG" → VAN, DER, BERG; "O'BRIEN" → OBRIEN. */
export const compactWords = (value: string): string[] =>
  value
    .split(/[\s-]+/u)
    .map(compact)
    .filter((word) => word !== '');

/**
 * A name part a record holds (`held`: a first or last name, of one word or several) and one asked for:
 * the same once punctuation, accents, case and spaces are aside (VAN DER BERG, VANDERBERG), or every
 * word of one among the words of the other (ANA for ANA LUCÍA, MARY ANN for MARY).
 */
export function sameNamePart(held: string, asked: string): boolean {
  const [h, a] = [compact(held), compact(asked)];
  if (h === '' || a === '') return false;
  if (h === a) return true;
  const [heldWords, askedWords] = [compactWords(held), compactWords(asked)];
  return askedWords.every((w) => heldWords.includes(w)) || heldWords.every((w) => askedWords.includes(w));
}

/**
 * A name part a record holds, inside a full name asked for (§4.1 `Name`: "full name, first and last"):
 * whole, punctuation and spaces aside (VAN DER BERG in AHMED VANDERBERG), or by one of its words
 * (ANA LUCÍA in ANA YOUNG: a service may search a first name by its first word).
 */
export function namePartIn(held: string, fullName: string): boolean {
  const part = compact(held);
  if (part === '') return false;
  if (compact(fullName).includes(part)) return true;
  const asked = compactWords(fullName);
  return compactWords(held).some((word) => asked.includes(word));
}

/** Digits only, a leading US country code aside: "(806) 669-3883" and "+1 806 669 3883" → 8066693883. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

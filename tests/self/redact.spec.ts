/** Redaction: the one place secrets leave text. */
import { Redactor, REDACTED } from '../../src/client/redact';
import { expect, test } from './fixtures';

const redactor = new Redactor(['tok-ABC123', 'tenant secret/+', 'ab']);

test('secrets are replaced in text, plain, percent-encoded and base64', () => {
  const base64 = Buffer.from('tok-ABC123').toString('base64');
  const text = `Bearer tok-ABC123; q=${encodeURIComponent('tenant secret/+')}; basic ${base64}`;
  expect(redactor.text(text)).toBe(`Bearer ${REDACTED}; q=${REDACTED}; basic ${REDACTED}`);
});

test('secrets shorter than four characters are not searched for (they would blank out ordinary text)', () => {
  expect(redactor.text('abacus')).toBe('abacus');
});

test('credential-like query parameters and URL user info are redacted', () => {
  const shown = redactor.url('https://user:pw@example.org/fhir/organization?name=x&api_key=zzz&Token=yyy');
  expect(shown).not.toMatch(/zzz|yyy|user|pw@/);
  expect(shown).toContain('name=x');
});

test('structured values are redacted in every string and member name, as their JSON form would be', () => {
  expect(redactor.value({ header: 'Bearer tok-ABC123', list: ['tok-ABC123'] })).toEqual({ header: `Bearer ${REDACTED}`, list: [REDACTED] });
  expect(redactor.value({ 'tok-ABC123': { deeper: [{ 'x-tok-ABC123': 'tok-ABC123!' }] } })).toEqual({
    [REDACTED]: { deeper: [{ [`x-${REDACTED}`]: `${REDACTED}!` }] },
  });
  // The copy is the one a JSON round trip makes: what a report writes is what was redacted.
  const value = { a: undefined, b: [undefined, () => 1, NaN, Infinity, -0, 1.5], c: new Date(0), d: null, e: true, f: '\ud800 \u0000' };
  expect(redactor.value(value)).toEqual(JSON.parse(JSON.stringify(value)));
  expect(Object.keys(redactor.value(value))).toEqual(['b', 'c', 'd', 'e', 'f']);
});

test('every form a service may echo a secret in is replaced: JSON-escaped (PHP too), percent-encoded in either case, form-encoded, base64 and base64url', () => {
  const secret = 'tenant secret/+é';
  const forms = [
    'tenant secret\\/+\\u00e9',
    'tenant%20secret%2f%2b%c3%a9',
    'tenant+secret%2F%2B%C3%A9',
    Buffer.from(secret).toString('base64url'),
    Buffer.from(secret).toString('base64'),
  ];
  const redactorOf = new Redactor([secret]);
  for (const form of forms) expect(redactorOf.text(`a ${form} b`), form).toBe(`a ${REDACTED} b`);
});

test('a cut inside a secret leaves none of it: the start of a secret before a cut mark is replaced, a start under four characters or none left alone', () => {
  const cut = (text: string) => `${text}… (120 more bytes)`;
  expect(redactor.text(cut('value: tok-AB'))).toBe(cut(`value: ${REDACTED}`));
  expect(redactor.text(cut(`x ${Buffer.from('tok-ABC123').toString('base64').slice(0, 6)}`))).toBe(cut(`x ${REDACTED}`));
  expect(redactor.text(cut('value: tok'))).toBe(cut('value: tok'));
  expect(redactor.text(cut('value: tokens'))).toBe(cut('value: tokens'));
  expect(redactor.text('two cuts: tok-A… and tok-ABC123')).toBe(`two cuts: ${REDACTED}… and ${REDACTED}`);
});

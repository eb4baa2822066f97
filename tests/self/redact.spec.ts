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

test('structured values are redacted through their JSON form', () => {
  expect(redactor.value({ header: 'Bearer tok-ABC123', list: ['tok-ABC123'] })).toEqual({ header: `Bearer ${REDACTED}`, list: [REDACTED] });
});

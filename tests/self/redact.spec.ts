/** Redaction: the one place secrets leave text. */
import fc from 'fast-check';
import { Redactor, REDACTED } from '../../src/client/redact';
import { credentialSecrets, MIN_SECRET_LENGTH, skeletonOf } from '../../src/config/secrets';
import { decoyOf, encodedThrough, type EncodingLayer, SECRET_ENCODERS, secretParts } from '../../src/reference/scenarios/secret-encodings';
import { expect, test } from './fixtures';

const redactor = new Redactor(['tok-ABC123', 'tenant secret/+', 'ab']);

test('secrets are replaced in text, plain, percent-encoded and base64', { tag: '@fast' }, () => {
  const base64 = Buffer.from('tok-ABC123').toString('base64');
  const text = `Bearer tok-ABC123; q=${encodeURIComponent('tenant secret/+')}; basic ${base64}`;
  expect(redactor.text(text)).toBe(`Bearer ${REDACTED}; q=${REDACTED}; basic ${REDACTED}`);
});

test(
  'secrets of fewer than eight letters and digits are not searched for (they would blank out ordinary text): the configuration refuses such a credential',
  { tag: '@fast' },
  () => {
    expect(redactor.text('abacus')).toBe('abacus');
    expect(new Redactor(['short-1']).text('a short-1 b')).toBe('a short-1 b');
  },
);

test(
  'a secret is found on the normalised text, whatever the encoding: twice percent-encoded, HTML entities, upper case, every character a JSON escape, base64 of base64, inside longer base64 at every alignment',
  { tag: '@fast' },
  () => {
    const secret = 'tok/EN+Z4x9qL=';
    const found = new Redactor([secret]);
    const forms = [
      encodeURIComponent(encodeURIComponent(secret)),
      'tok&#x2F;EN&#x2B;Z4x9qL&#61;',
      'tok&sol;EN&plus;Z4x9qL&equals;',
      secret.toUpperCase(),
      [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
      Buffer.from(Buffer.from(secret).toString('base64')).toString('base64'),
      ...[0, 1, 2].map((k) => Buffer.from(`${'x'.repeat(k)}${secret}tail`).toString('base64')),
      Buffer.from(`Bearer ${secret}`).toString('base64'),
    ];
    for (const form of forms) {
      const text = `before ${form} after`;
      const redacted = found.text(text);
      expect(redacted, form).toContain(REDACTED);
      expect(found.holdsSecret(redacted), `${form} → ${redacted}`).toBe(false);
      expect(redacted.startsWith('before ') && redacted.endsWith(' after'), redacted).toBe(true);
    }
    // Only the raw span that decodes to the secret goes.
    expect(found.text(`x=${encodeURIComponent(encodeURIComponent(secret))}&y=1`)).toBe(`x=${REDACTED}&y=1`);
  },
);

test('credential-like query parameters and URL user info are redacted', { tag: '@fast' }, () => {
  const shown = redactor.url('https://user:pw@example.org/fhir/organization?name=x&api_key=zzz&Token=yyy');
  expect(shown).not.toMatch(/zzz|yyy|user|pw@/);
  expect(shown).toContain('name=x');
});

test('structured values are redacted in every string and member name, as their JSON form would be', { tag: '@fast' }, () => {
  expect(redactor.value({ header: 'Bearer tok-ABC123', list: ['tok-ABC123'] })).toEqual({ header: `Bearer ${REDACTED}`, list: [REDACTED] });
  expect(redactor.value({ 'tok-ABC123': { deeper: [{ 'x-tok-ABC123': 'tok-ABC123!' }] } })).toEqual({
    [REDACTED]: { deeper: [{ [`x-${REDACTED}`]: `${REDACTED}!` }] },
  });
  // The copy is the one a JSON round trip makes: what a report writes is what was redacted.
  const value = { a: undefined, b: [undefined, () => 1, NaN, Infinity, -0, 1.5], c: new Date(0), d: null, e: true, f: '\ud800 \u0000' };
  expect(redactor.value(value)).toEqual(JSON.parse(JSON.stringify(value)));
  expect(Object.keys(redactor.value(value))).toEqual(['b', 'c', 'd', 'e', 'f']);
});

test(
  'every form a service may echo a secret in is replaced: JSON-escaped (PHP too), percent-encoded in either case, form-encoded, base64 and base64url',
  { tag: '@fast' },
  () => {
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
  },
);

test(
  'a cut inside a secret leaves none of it: the start of a secret before a cut mark is replaced, a start under four characters or none left alone',
  { tag: '@fast' },
  () => {
    const cut = (text: string) => `${text}… (120 more bytes)`;
    expect(redactor.text(cut('value: tok-AB'))).toBe(cut(`value: ${REDACTED}`));
    expect(redactor.text(cut(`x ${Buffer.from('tok-ABC123').toString('base64').slice(0, 6)}`))).toBe(cut(`x ${REDACTED}`));
    expect(redactor.text(cut('value: tok'))).toBe(cut('value: tok'));
    expect(redactor.text(cut('value: tokens'))).toBe(cut('value: tokens'));
    expect(redactor.text('two cuts: tok-A… and tok-ABC123')).toBe(`two cuts: ${REDACTED}… and ${REDACTED}`);
  },
);

test(
  'an Authorization value is taken apart: the credential, and of Basic the decoded user:password, the user and the password are each a secret',
  { tag: '@fast' },
  () => {
    const basic = `Basic ${Buffer.from('integration-user:pa55word-2026').toString('base64')}`;
    const { secrets, essential } = credentialSecrets(basic);
    expect(secrets).toEqual([basic, basic.slice(6), 'integration-user:pa55word-2026', 'integration-user', 'pa55word-2026']);
    expect(essential).toBe('pa55word-2026');
    const found = new Redactor(secrets);
    for (const echo of ['integration-user:pa55word-2026', 'user integration-user', 'password=pa55word-2026', basic.slice(6)])
      expect(found.text(`<${echo}>`), echo).not.toMatch(/integration-user|pa55word-2026|aW50ZWdyYXRpb24tdXNlcjpwYTU1d29yZC0yMDI2/);
    expect(credentialSecrets('Bearer tok-123456789').secrets).toEqual(['Bearer tok-123456789', 'tok-123456789']);
  },
);

/** The characters of a bearer token or a password as services issue them: letters, digits and the punctuation of base64 and URLs. */
const TOKEN_CHARACTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/=:'];
const secretText = (minLength: number) =>
  fc
    .string({ unit: fc.constantFrom(...TOKEN_CHARACTERS), minLength, maxLength: 40 })
    .filter((text) => skeletonOf(text).length >= MIN_SECRET_LENGTH);

/** A credential as the configuration takes it apart (credentialSecrets), and the part of it a service echoes. */
const credential = fc.oneof(
  fc.tuple(secretText(12), fc.nat()).map(([token, pick]) => {
    const { secrets } = credentialSecrets(`Bearer ${token}`);
    return { configured: secrets, echoed: secrets[pick % secrets.length] };
  }),
  fc.tuple(secretText(8), secretText(10), fc.nat()).map(([user, password, pick]) => {
    const { secrets } = credentialSecrets(`Basic ${Buffer.from(`${user.replaceAll(':', '')}:${password}`).toString('base64')}`);
    // The user name alone is a secret only when it is long enough (credentialSecrets), as every part here is.
    return { configured: secrets, echoed: secrets[pick % secrets.length] };
  }),
);

/** Words a value holds around the secret before a layer encodes it: a token inside a longer base64, a sentence, a URL. */
const words = fc.stringMatching(/^[a-z]{1,8}$/);
const layer: fc.Arbitrary<EncodingLayer> = fc.record({
  encoder: fc.constantFrom(...SECRET_ENCODERS.map((encoder) => encoder.name)),
  choices: fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), flag: fc.boolean() }),
  before: fc.oneof(
    fc.constant(''),
    words.map((w) => `${w} `),
    words.map((w) => `${w}=`),
  ),
  after: fc.oneof(
    fc.constant(''),
    words.map((w) => ` ${w}`),
    words.map((w) => `&${w}=1`),
  ),
});
/** What a report, a log line or a body holds around the echo: words, JSON punctuation, spaces. */
const surrounding = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'abcxyz019 {}[]":,=&/\n'), maxLength: 24 }),
  // Values of the binary-to-text alphabets beside the echo, as a JSON array of echoes holds them: a run the echo's own joins.
  fc
    .tuple(fc.stringMatching(/^[0-9a-f]{0,40}$/), fc.stringMatching(/^[A-Za-z0-9+/]{0,40}$/), fc.constantFrom('","', '', ' '))
    .map(([hex, base64, separator]) => `${hex}${separator}${base64}${separator}`),
);

/**
 * The parts of the echo that depend on the secret (those the same layers do not also write of a
 * decoy) and that the redacted text still holds, unless the same text with the decoy holds them too.
 */
function leakedParts(echoed: string, layers: EncodingLayer[], out: string, before: string, after: string): string[] {
  const decoy = decoyOf(echoed);
  const decoyText = `${before}${encodedThrough(decoy, layers)}${after}`;
  return secretParts(echoed, layers, decoy).filter((part) => out.includes(part) && !decoyText.includes(part));
}

test(
  'redaction is a property, not a list: a credential (a bearer token, or a Basic user:password and its parts) echoed through any composition of up to three encodings (JSON, JavaScript and HTML escapes with or without ;, percent and form encoding, base64 either alphabet, hexadecimal, gzip and deflate in base64, UTF-16 read a byte a character, written backwards first or last, fullwidth, zero-width spaces, case, a split across two JSON members), inside longer values at every layer, anywhere in a text, leaves no part of its form',
  { tag: '@fast' },
  () => {
    fc.assert(
      fc.property(
        credential,
        fc.array(layer, { minLength: 1, maxLength: 3 }),
        surrounding,
        surrounding,
        (secret, layers, before, after) => {
          const form = encodedThrough(secret.echoed, layers);
          const out = new Redactor(secret.configured).text(`${before}${form}${after}`);
          expect(leakedParts(secret.echoed, layers, out, before, after), `${layers.map((l) => l.encoder).join(' → ')}: ${out}`).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  },
);

test(
  'a credential split across the string members of one object or array is replaced in each of them, whatever the split, in a structured value as in its JSON text',
  { tag: '@fast' },
  () => {
    fc.assert(
      fc.property(
        credential,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (secret, cuts, asArray) => {
          const at = [...new Set(cuts.map((c) => Math.round(c * secret.echoed.length)))].sort((a, b) => a - b);
          const pieces = [0, ...at].map((from, i, all) => secret.echoed.slice(from, all[i + 1] ?? secret.echoed.length));
          const value = asArray
            ? ['before', ...pieces, 'after']
            : Object.fromEntries(['before', ...pieces, 'after'].map((p, i) => [`m${i}`, p]));
          const redactor = new Redactor(secret.configured);
          for (const shown of [JSON.stringify(redactor.value(value)), redactor.text(JSON.stringify(value))])
            expect(redactor.holdsSecret(shown), shown).toBe(false);
          expect(JSON.stringify(redactor.value(value))).toContain(REDACTED);
        },
      ),
      { numRuns: 200 },
    );
  },
);

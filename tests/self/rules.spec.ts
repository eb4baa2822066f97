/** Rules as plain functions, on hand-made answers: readings of a filter, a walk's totals and repeats, and escaping. */
import type { Exchange } from '../../src/client/exchange';
import { escapeText } from '../../src/report/escape';
import { renderHtml } from '../../src/report/html/conformance-page';
import { conformanceReport } from '../../src/report/model';
import { aggregate } from '../../src/verdicts/aggregate';
import { filterReading } from '../../src/rules/organization/filters';
import { fhirR4Problems } from '../../src/rules/organization/fhir-r4';
import { judgeRepeats, matchCount, totalAcrossPagesProblem, type WalkedPage } from '../../src/rules/organization/page-walk';
import { serviceText } from '../../src/rules/service-text';
import { attributeKey, readData } from '../../src/rules/attributes';
import { expect, test } from './fixtures';

const organization = {
  name: 'ST. MARY HEALTH CENTER',
  type: [{ text: 'Group-Practice' }],
  telecom: [{ system: 'phone', value: '6145551234' }],
  address: [{ text: '12 MAIN ST, DAYTON, OH 45402', line: ['12 MAIN ST'], city: 'DAYTON', state: 'OH', postalCode: '45402' }],
};

test('ORG-FILTERS: a filter holds, is a near miss where a looser reading exists, or matches under no reading', { tag: '@fast' }, () => {
  const cases: [string, string, string][] = [
    ['name', 'mary health', 'holds'],
    ['name', 'ST MARY', 'near'], // punctuation aside
    ['type', 'Group Practice', 'near'], // spaces and hyphens aside
    ['name', 'ST. MARY HEALTH CENTER OF DAYTON', 'near'], // the field within the value
    ['address-city', 'Dayton', 'holds'],
    ['address-city', 'Columbus', 'none'], // two filters OR-ed: another city
    ['address', '12 Main St, Dayton', 'holds'],
    ['address', '99 Elm Rd, Dayton', 'near'], // its city is in the searched address
    ['address', '99 Elm Rd, Akron', 'none'],
    ['phone', '6145551234', 'holds'],
    ['phone', '6145559999', 'none'],
  ];
  for (const [name, value, reading] of cases) expect(filterReading(organization, name, value), `${name}=${value}`).toBe(reading);
});

const page = (label: string, ids: string[], total: unknown): WalkedPage => ({ label, ids, total, exchange: {} as Exchange });

test('ORG-TOTAL across pages: every match or the page count, never neither', { tag: '@fast' }, () => {
  const allMatches = [page('Page=1', ['a', 'b'], 3), page('Page=2', ['c'], 3)];
  const pageCount = [page('Page=1', ['a', 'b'], 2), page('Page=2', ['c'], 1)];
  expect(totalAcrossPagesProblem(allMatches)).toBeUndefined();
  expect(totalAcrossPagesProblem(pageCount)).toBeUndefined();
  expect(matchCount(allMatches)).toBe(3);
  expect(matchCount(pageCount)).toBeUndefined();
  const shrinking = [page('Page=1', ['a', 'b'], 40), page('Page=2', ['c'], 39)];
  expect(totalAcrossPagesProblem(shrinking)?.message).toMatch(
    /^total is 40 on Page=1 and 39 on Page=2 of the same search, and it is not each page's count either/,
  );
  const below = [page('Page=1', ['a', 'b'], 3), page('Page=2', ['c', 'd'], 3)];
  expect(totalAcrossPagesProblem(below)?.message).toMatch(/^total 3 on Page=2 is below the 4 distinct organizations/);
});

test(
  'ORG-PAGE-DISJOINT: repeats warn while every record is reachable, and fail when the walk shows records no page reaches',
  { tag: '@fast' },
  () => {
    const reachable = [page('Page=1', ['a', 'b'], 3), page('Page=2', ['b', 'c'], 3)];
    expect(judgeRepeats(reachable, { ended: true, pageSize: 2, matches: 3 }).map((j) => j.level)).toEqual(['SHOULD']);
    const hidden = [page('Page=1', ['a', 'b'], 4), page('Page=2', ['b', 'c'], 4)];
    const [judged] = judgeRepeats(hidden, { ended: true, pageSize: 2, matches: 4 });
    expect(judged.level).toBe('MUST');
    expect(judged.message).toMatch(
      /the walk ended with 3 distinct organizations of the 4 that total counts, so 1 can be reached by no page/,
    );
    // A walk that did not end, and is too short to hold every match, proves nothing hidden.
    expect(judgeRepeats(hidden, { ended: false, pageSize: 1, matches: 4 })[0].level).toBe('SHOULD');
    // Without a total that means every match, nothing shows a record hidden.
    expect(judgeRepeats(hidden, { ended: true, pageSize: 2 })[0].level).toBe('SHOULD');
    expect(
      judgeRepeats([page('Page=1', ['a'], 2), page('Page=2', ['b'], 2)], { ended: true, pageSize: 1, matches: 2 })[0].level,
    ).toBeUndefined();
  },
);

/** An empty report whose target is `baseUrl`, text from outside the harness. */
const asReport = (baseUrl: string) =>
  conformanceReport({
    ...aggregate([], { strict: false }),
    target: { baseUrl, embedded: false },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 0,
  });

test('one escaping path: markup and control bytes show, never act, in HTML, Markdown and the terminal', { tag: '@fast' }, () => {
  const hostile = '<b>x</b> | \u001b[31mred\u0000\u0007 \u202e \ufffe \ud800';
  // A page's text node: the element tree's serializer escapes the markup (see report/html/page.ts).
  expect(escapeText(hostile, 'html')).toBe('<b>x</b> | ␛[31mred␀␇ [U+202E] \ufffd \ufffd');
  expect(renderHtml(asReport('<b>x</b>\u0007'))).toContain('&#x3C;b>x&#x3C;/b>␇');
  expect(escapeText(hostile, 'markdown')).toBe('&lt;b&gt;x&lt;/b&gt; \\| ␛[31mred␀␇ [U+202E] \ufffd \ufffd');
  // Emphasis and code show as they are: a fingerprint such as /*/data/Phone/* keeps its stars.
  expect(escapeText('sourceRecords /*/data/Phone/* `x` a_b \\', 'markdown')).toBe('sourceRecords /\\*/data/Phone/\\* \\`x\\` a_b \\\\');
  expect(escapeText(hostile, 'terminal')).toBe('<b>x</b> | ␛[31mred␀␇ [U+202E] \ufffd \ufffd');
  expect(escapeText('tab\tand\nline', 'terminal')).toBe('tab\tand\nline');
});

test('service text is capped at 2 KiB a value, whole characters, with what was left out', { tag: '@fast' }, () => {
  const huge = 'é'.repeat(1024 * 1024);
  const capped = serviceText(huge);
  expect(Buffer.byteLength(capped.split('…')[0])).toBe(2048);
  expect(capped.endsWith(`… (${2 * 1024 * 1024 - 2048} more bytes)`)).toBe(true);
  expect(serviceText('short')).toBe('short');
});

test(
  'ORG-FHIR-R4: an organization met again, on another answer or at another entry, is read the same, at its own place',
  { tag: '@fast' },
  () => {
    const broken = { resourceType: 'Organization', id: 'o-1', name: 'X', active: 'yes' };
    const bundle = (entries: unknown[]) => ({
      resourceType: 'Bundle',
      type: 'searchset',
      entry: entries.map((resource) => ({ resource })),
    });
    const first = fhirR4Problems(bundle([broken]));
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((p) => p.pointer.startsWith('/entry/0/resource'))).toBe(true);
    // The same resource again, now the second entry: the same messages, at /entry/1.
    const again = fhirR4Problems(bundle([{ resourceType: 'Organization', id: 'o-2', name: 'Y' }, broken]));
    expect(again).toEqual(first.map((p) => ({ ...p, pointer: p.pointer.replace('/entry/0/', '/entry/1/') })));
    // A resource that differs in one value is read anew.
    expect(fhirR4Problems(bundle([{ ...broken, active: true }]))).toEqual([]);
  },
);

test(
  "§2.3 r4: one reader of data's attribute names: the spellings it allows are one attribute, their values side by side, in data and in its objects",
  { tag: '@fast' },
  () => {
    const data = {
      npi: ['1234567893'],
      NPI: ['1987654325'],
      ContactID: ['C-1'],
      IdentityDataSource: 'contact directory',
      Name: [{ FIRSTNAME: ['ANA'], Credentials: ['MD'], credential: ['DO'] }],
      Address: [{ Country: ['US'], zip: ['02139'] }, {}],
      DEADateOfOriginalRegistration: ['20200101'],
      DEADateofOriginalRegistration: ['01/02/2020'],
      SomethingElse: [''],
      SOMETHINGELSE: ['x'],
    };
    expect(readData(data)).toEqual({
      NPI: ['1234567893', '1987654325'],
      ContactId: ['C-1'],
      IdentityDataSource: 'contact directory',
      Name: [{ FirstName: ['ANA'], Credential: ['MD', 'DO'] }],
      Address: [{ CountryCode: ['US'], Zip: ['02139'] }, {}],
      DEADateofOriginalRegistration: ['20200101', '01/02/2020'],
      // An attribute §2.4 does not list keeps the first spelling met.
      SomethingElse: ['', 'x'],
    });
    // Read once is read: a reading of what it read is itself, and §2.4's own spellings are left as they are.
    expect(readData(readData(data))).toBe(readData(data));
    expect(attributeKey('DEADateofOriginalRegistration')).toBe(attributeKey('DEADateOfOriginalRegistration'));
    expect(attributeKey('Credentials')).toBe(attributeKey('Credential'));
    expect(attributeKey('Country')).toBe(attributeKey('CountryCode'));
    expect(attributeKey('State')).not.toBe(attributeKey('AddressState'));
  },
);

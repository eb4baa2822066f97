/**
 * The NPI list as spreadsheets export it (src/survey/npi-input.ts), on plain files: quoted line
 * breaks, a header in any case with or without a byte-order mark, semicolons and tabs, CRLF, repeats,
 * rows that are not CSV and a line of 50 MB; every row accounted for. A million rows in flat memory: npm run bench -- --only npis.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type InputCounts, type InputProblem, type NpiLine, readNpis } from '../../src/survey/npi-input';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

async function read(content: string | Buffer, delimiter?: string) {
  const file = join(tempDir(), 'npis.csv');
  writeFileSync(file, content);
  const npis: NpiLine[] = [];
  const problems: InputProblem[] = [];
  const duplicates: NpiLine[] = [];
  const counts: InputCounts = { rows: 0, duplicates: 0, problems: 0 };
  for await (const line of readNpis(file, { delimiter, problem: (p) => problems.push(p), duplicate: (d) => duplicates.push(d), counts }))
    npis.push(line);
  return { npis, problems, duplicates, counts };
}

test(
  "a quoted Name with a line break, as a spreadsheet writes an address, keeps its record; lines are the file's own",
  { tag: '@fast' },
  async () => {
    const { npis, problems, counts } = await read(
      'NPI,Name,Address\r\n1234567893,"Smith, John ""JJ""","1 Main St\r\nSuite 2"\r\n1245319599,Doe,x\r\n',
    );
    expect(npis).toEqual([
      { line: 2, npi: '1234567893' },
      { line: 4, npi: '1245319599' },
    ]);
    expect(problems).toEqual([]);
    expect(counts).toEqual({ rows: 2, duplicates: 0, problems: 0 });
  },
);

test(
  'a one-column file headed NPI, in any case, with or without a byte-order mark; and one without a header',
  { tag: '@fast' },
  async () => {
    for (const content of [
      'NPI\n1234567893\n',
      '\ufeffNPI\n1234567893\n',
      'npi\r\n1234567893\r\n',
      Buffer.from('\ufeffNpi\n1234567893\n'),
    ]) {
      const { npis, problems } = await read(content);
      expect(problems, JSON.stringify(content)).toEqual([]);
      expect(npis).toEqual([{ line: 2, npi: '1234567893' }]);
    }
    const headless = await read('1234567893\n\n1245319599\n');
    expect(headless.npis).toEqual([
      { line: 1, npi: '1234567893' },
      { line: 3, npi: '1245319599' },
    ]);
  },
);

test('a semicolon export and a tab export are found by their first line; --delimiter names one', { tag: '@fast' }, async () => {
  const semicolons = await read('npi;name\n1234567893;Smith, John\n1245319599;Doe\n');
  expect(semicolons.npis.map((n) => n.npi)).toEqual(['1234567893', '1245319599']);
  expect(semicolons.problems).toEqual([]);
  const tabs = await read('Name\tNPI\nSmith; John\t1234567893\n');
  expect(tabs.npis).toEqual([{ line: 2, npi: '1234567893' }]);
  const given = await read('name|x;NPI\na|b;1234567893\n', ';');
  expect(given.npis).toEqual([{ line: 2, npi: '1234567893' }]);
});

test('repeats are surveyed once, rows that are no NPI are problems, and every row is accounted for', { tag: '@fast' }, async () => {
  const { npis, problems, duplicates, counts } = await read('NPI,Name\n1234567893,a\n12345,b\n1234567893,c\n\n"unclosed,d\n1245319599,e\n');
  expect(npis).toEqual([{ line: 2, npi: '1234567893' }]);
  expect(duplicates).toEqual([{ line: 4, npi: '1234567893' }]);
  expect(problems.map((p) => [p.line, p.reason.split(':')[0]])).toEqual([
    [3, 'its NPI column is not a 10-digit NPI'],
    [6, 'not a CSV row'],
  ]);
  expect(counts).toEqual({ rows: 4, duplicates: 1, problems: 2 });
  expect(counts.rows).toBe(npis.length + counts.duplicates + counts.problems);
});

test('a line of 50 MB is one input problem, held as its first bytes; the rows around it are read', { tag: '@fast' }, async () => {
  const { npis, problems, counts } = await read(`1234567893\n${'9'.repeat(50_000_000)}\n1245319599\n`);
  expect(npis.map((n) => n.line)).toEqual([1, 3]);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatchObject({ line: 2, reason: 'a line longer than 65536 bytes: no NPI row' });
  expect(problems[0].value.length).toBeLessThanOrEqual(201);
  expect(counts).toEqual({ rows: 3, duplicates: 0, problems: 1 });
});

test('several columns and no NPI header: refused in one line that names the delimiter', { tag: '@fast' }, async () => {
  await expect(read('name,city\nSmith,Columbus\n')).rejects.toThrow(/the first row has 2 columns \(delimiter ","\) and none is named NPI/);
});

test(
  'the survey command: --delimiter is checked, and a spreadsheet export is surveyed with no input problem',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const file = join(dir, 'export.csv');
    const bad = await commandAsync(['survey', '--npis', __filename, '--delimiter', 'pipe']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--delimiter must be comma, semicolon or tab');
    writeFileSync(file, '\ufeffnpi;name;address\r\n1245319599;"Doe; Jane";"1 Main St\r\nSuite 2"\r\n1245319599;again;x\r\n');
    const out = join(dir, 'out');
    const surveyed = await commandAsync(['survey', '--npis', file, '--out', out]);
    expect(surveyed.code, surveyed.stderr).not.toBe(2);
    const report = JSON.parse(readFileSync(join(out, 'survey.json'), 'utf8')) as {
      inputProblems: unknown[];
      input: unknown;
    };
    expect(report.inputProblems).toEqual([]);
    expect(report.input).toEqual({ rowsRead: 2, surveyed: 1, unanswered: 0, duplicates: 1, problems: 0, otherShards: 0 });
  },
);

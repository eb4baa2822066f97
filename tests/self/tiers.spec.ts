/**
 * The self-tests' tiers (tier.ts, docs/testing.md): every test declares one, and the fast tier
 * cannot start a process. A test without a tier would run in neither `npm test` nor `npm run
 * test:full` (each selects its tier by tag), so the declaration is read from the sources, where a
 * filtered run cannot hide it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { expect, test } from './fixtures';
import { refusingChildProcesses, TIER_TAGS } from './tier';

/** Every `test(title, details, body)` call of a spec file, with the tags its details declare. */
function testCalls(file: string): { line: number; tags: string[] }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const calls: { line: number; tags: string[] }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'test') {
      const details = node.arguments.length === 3 ? node.arguments[1] : undefined;
      const tag =
        details && ts.isObjectLiteralExpression(details)
          ? details.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === 'tag')
          : undefined;
      const tags = !tag
        ? []
        : ts.isArrayLiteralExpression(tag.initializer)
          ? tag.initializer.elements.map((e) => (ts.isStringLiteral(e) ? e.text : e.getText(source)))
          : [ts.isStringLiteral(tag.initializer) ? tag.initializer.text : tag.initializer.getText(source)];
      calls.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, tags });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
}

test('every self-test declares exactly one tier by its tag, so that npm test or npm run test:full runs it', { tag: '@fast' }, () => {
  const files = readdirSync(__dirname).filter((name) => name.endsWith('.spec.ts'));
  const calls = files.flatMap((name) => testCalls(join(__dirname, name)).map((call) => ({ ...call, name })));
  expect(calls.length).toBeGreaterThan(300);
  const undeclared = calls
    .filter(({ tags }) => tags.filter((tag) => (TIER_TAGS as readonly string[]).includes(tag)).length !== 1)
    .map(({ name, line, tags }) => `${name}:${line} (${tags.join(', ') || 'no tag'})`);
  expect(undeclared).toEqual([]);
  // The reading above sees an untagged test: this file's own calls are all it has, and each is read with its tier.
  expect(testCalls(__filename).map((call) => call.tags)).toEqual([['@fast'], ['@fast']]);
});

test(
  'a test of the fast tier that starts a child process fails, even where the code under test catches the refusal',
  { tag: '@fast' },
  async () => {
    await expect(
      refusingChildProcesses(async () => {
        try {
          execFileSync(process.execPath, ['--version']);
        } catch {
          // What a harness module does with a command that will not start: goes on.
        }
      }),
    ).rejects.toThrow(/fast tier started 1 child process\(es\): execFileSync .*node/);
  },
);

/**
 * The README is a script that is run: every `sh` block, in order, in one folder, as a newcomer
 * would paste it, with `npx directory-conformance` the command of this checkout. Each line must exit
 * as its comment says (`# exit 1`), or 0. The one placeholder the text tells the reader to replace,
 * the example service's address, is given a reference server of the test's own; as written, it must
 * fail in one line that says why. The set-up block is what `npm test` itself is, and is not run
 * inside it. The docs pages that show a walk (WALKS) are run the same way, each in a folder of its own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/package-root';
import { neutralSuiteEnvironment } from '../../src/suite-runs/run-suite';
import { freePort, startReferenceServer } from '../../src/suite-runs/scenario-server';
import { PAGE_WIDTH } from './browser';
import { tempDir, withCommandInstalled } from './command';
import { expect, test } from './fixtures';

/** The address the README gives for "your service". */
const EXAMPLE_SERVICE = 'https://directory.example.org/v1';

interface Line {
  command: string;
  expectedExit: number;
}

/** The pages of docs/ that show a walk, run after the README, each in a folder of its own. */
const WALKS = ['docs/probes.md', 'docs/history.md'];

/** A page's `sh` blocks, each a list of commands (continuation lines joined), with the exit each comment promises. */
function readmeBlocks(file = 'README.md'): Line[][] {
  const text = readFileSync(join(PACKAGE_ROOT, file), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map(([, body]) =>
    body
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
      .map((command) => ({ command, expectedExit: Number(/#.*\bexit (\d)\b/.exec(command)?.[1] ?? 0) })),
  );
}

/** A new folder where `npx directory-conformance` is this checkout's command. */
const newcomersFolder = () => withCommandInstalled(tempDir());

/** The port the README serves on; the walk serves on a free one instead (README_PORT), so that it needs no port of its own. */
const README_PORT = 3000;

/**
 * One block in one shell, as a script runs it (no job control: a recipe that needs a terminal's
 * `kill %1` fails here), every line's exit status written to fd 3.
 */
function runBlock(
  lines: readonly Line[],
  cwd: string,
  replace: (command: string) => string,
  port = README_PORT,
): { exits: number[]; output: string } {
  const script = [
    'exec 3>&1 1>>output.log 2>&1',
    ...lines.flatMap((line) => [replace(line.command), 'echo "$?" >&3']),
    // A server a failing block left running is stopped by its pid file (serve --pid-file), then its npx.
    'for file in *.pid; do [ -e "$file" ] && kill "$(cat "$file")" 2>/dev/null; done; wait',
  ].join('\n');
  const result = spawnSync('bash', ['-c', script], {
    cwd,
    // No pacing on loopback, as every self-test: the README's :3000 server is no one's service to spare.
    // PORT: where `serve` listens, as the lines that ask it name it (servedOn).
    env: { ...neutralSuiteEnvironment(process.env), PATH: process.env.PATH, MAX_RPS: '0', PORT: String(port) },
    encoding: 'utf8',
    // A hang, not a busy machine: a block of several runs takes minutes when the cores are shared.
    timeout: 600_000,
  });
  const exits = result.stdout.trim().split('\n').filter(Boolean).map(Number);
  return { exits, output: existsSync(join(cwd, 'output.log')) ? readFileSync(join(cwd, 'output.log'), 'utf8') : '' };
}

/**
 * The placeholders of "your service", given the test's: its address, and, on the same lines, a
 * loopback rate instead of the polite one a real service wants.
 */
const yourService = (origin: string) => (command: string) =>
  command.includes(EXAMPLE_SERVICE)
    ? command
        .split(EXAMPLE_SERVICE)
        .join(origin)
        .replace(/--max-rps \d+/, '--max-rps 1000')
    : command;

/** The README's server at `port` instead of :3000: the walk then runs wherever another server holds :3000. */
const servedOn = (port: number) => (command: string) => command.split(`127.0.0.1:${README_PORT}`).join(`127.0.0.1:${port}`);

test(
  'every command block of the README, and of the docs pages that show a walk, runs as written, in order, and exits as it says',
  { tag: '@full' },
  async () => {
    // Seven suite runs and four surveys: about 3 minutes on an idle 2-core machine, 5 and more with both cores busy.
    test.setTimeout(1_200_000);
    const blocks = readmeBlocks();
    const setUp = blocks.shift()!;
    expect(setUp.map((l) => l.command.split('#')[0].trim())).toEqual(['npm ci && npm run conformance', 'npm test', 'npm run test:full']);
    test.info().annotations.push({
      type: 'not run',
      description: 'the set-up block: npm ci, npm test and npm run test:full are what runs this test',
    });
    const port = await freePort();
    const service = await startReferenceServer();
    const cwd = newcomersFolder();
    try {
      for (const [i, block] of blocks.entries()) {
        const { exits, output } = runBlock(block, cwd, (command) => servedOn(port)(yourService(service.origin)(command)), port);
        const said = `block ${i + 2} (${block.length} lines):\n${output.slice(-3000)}`;
        test.info().annotations.push({
          type: 'README block',
          description: `${i + 2}: ${block.map((l) => l.command.split(' ').slice(1, 3).join(' ')).join('; ')}`,
        });
        expect(exits, said).toEqual(block.map((line) => line.expectedExit));
      }
      // The walks of docs/, each from an empty folder.
      for (const walk of WALKS) {
        const folder = newcomersFolder();
        for (const [i, block] of readmeBlocks(walk).entries()) {
          const { exits, output } = runBlock(block, folder, (command) => servedOn(port)(yourService(service.origin)(command)), port);
          expect(exits, `${walk}, block ${i + 1}:\n${output.slice(-3000)}`).toEqual(block.map((line) => line.expectedExit));
        }
      }
    } finally {
      await service.stop();
    }
    // What each section promised is there.
    for (const file of ['probes.acme.json', 'conformance-baseline.json', 'release-2/conformance.json', 'survey-report/survey.json'])
      expect(existsSync(join(cwd, file)), file).toBe(true);
  },
);

test("the example service's address, used as written, fails in one line that names the setting", { tag: '@full' }, () => {
  const lines = [readmeBlocks(), ...WALKS.map((walk) => readmeBlocks(walk))]
    .flat(2)
    // A line that reads a probes file stops at the file in an empty folder, before it asks anything.
    .filter((line) => line.command.includes(EXAMPLE_SERVICE) && !line.command.includes('--probes '));
  expect(lines.length).toBeGreaterThan(0);
  for (const line of [lines[0], lines.at(-1)!]) {
    const cwd = newcomersFolder();
    writeFileSync(join(cwd, 'npis.txt'), '1345779098\n');
    const { exits, output } = runBlock([line], cwd, (command) => command);
    expect(exits, output).toEqual([3]);
    expect(output.split('\n').filter((l) => l.includes('preflight'))).toEqual([
      // The prefix every command's error line has, under run too (Playwright's runner prints it there).
      expect.stringMatching(
        /^directory-conformance: preflight: cannot connect to https:\/\/directory\.example\.org\/v1: .*Is BASE_URL right/,
      ),
    ]);
  }
});

test("the README's images are of the pages as they are read now: made by npm run images at the pages' width", { tag: '@fast' }, () => {
  const images = [...readFileSync(join(PACKAGE_ROOT, 'README.md'), 'utf8').matchAll(/!\[[^\]]*\]\((docs\/[^)]+\.png)\)/g)].map((m) => m[1]);
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) {
    const png = readFileSync(join(PACKAGE_ROOT, image));
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect(png.readUInt32BE(16), `${image}: regenerate it with npm run images`).toBe(PAGE_WIDTH);
  }
});

test('docs/specification.md is the specification the suite cites, word for word', { tag: '@fast' }, () => {
  const shared = join(PACKAGE_ROOT, '..', 'shared', 'spec', 'directory-search-service-v1.0.md');
  test.skip(!existsSync(shared), 'no shared copy of the specification beside this checkout to compare with');
  expect(readFileSync(join(PACKAGE_ROOT, 'docs', 'specification.md'), 'utf8')).toBe(readFileSync(shared, 'utf8'));
});

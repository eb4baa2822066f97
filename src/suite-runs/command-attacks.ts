/**
 * The robustness run's attacks on the commands themselves, beside its hostile targets: inputs that
 * once aborted Node, leaked a password, overwrote a user's files or wrote a file that looked usable
 * (the seventh adversarial pass). Each runs the command as a user does, in a process of its own in
 * an empty folder, and must end in bounded time with the exit and the one line it promises, no
 * secret on the terminal, and the files it promises left as they were.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDirectory } from '../reference/directory';
import { scenarioPrefix } from '../reference/scenarios/registry';

export interface CommandAttack {
  name: string;
  /** The command's arguments and environment, given the scenarios' origin and the attack's empty folder. */
  args: (origin: string, dir: string) => string[];
  env?: Record<string, string>;
  exit: number;
  /** What standard error says, in one line of its own; standard output where `saysOn` names it (a verdict). */
  says: RegExp;
  saysOn?: 'stdout';
  /** Bound on the attack's wall time: an input that makes the command read without end is a hang. */
  withinSeconds: number;
  /** Text that must appear nowhere the command wrote to the terminal. */
  secret?: string;
  /** What must hold of the folder afterwards; problems in words. */
  leaves?: (dir: string) => string[];
}

export interface CommandAttackResult {
  name: string;
  exit: number | null;
  seconds: number;
  said: string;
  problems: string[];
}

/** The NPI of no provider, valid by its check digit: the draft's seed that the service does not hold. */
const UNKNOWN_NPI = '1234567893';
const PASSWORD = 'Sw0rdfish-robust';
const FOREIGN_PAGE = '<html><body>the team dashboard</body></html>';

const file = (dir: string, name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const npis = (dir: string) => file(dir, 'npis.txt', `${UNKNOWN_NPI}\n`);

const DATED_NPIS = 20;
const servedNpis = (count: number) =>
  [...loadDirectory().providers.records()].flatMap((record) => record.data.NPI?.slice(0, 1) ?? []).slice(0, count);

/** Problems of a scorecard whose records are all dated after the survey: every dated record counted by DQ-DATE-FUTURE, none by freshness. */
function placeholderDatesCounted(surveyJson: string): string[] {
  if (!existsSync(surveyJson)) return ['wrote no survey.json'];
  const { dataQuality } = JSON.parse(readFileSync(surveyJson, 'utf8')) as {
    dataQuality?: { rates: { id: string; dataset: string; checked: number; failed: number }[] };
  };
  const rates = dataQuality?.rates ?? [];
  const future = rates.filter((r) => r.id === 'DQ-DATE-FUTURE');
  return [
    ...(future.length === 0 || future.every((r) => r.failed === 0) ? ['no record counted by DQ-DATE-FUTURE'] : []),
    ...future
      .filter((r) => r.failed !== r.checked)
      .map((r) => `DQ-DATE-FUTURE counted ${r.failed} of ${r.checked} ${r.dataset} records, not all`),
    ...rates
      .filter((r) => r.id.startsWith('DQ-STALE-') && r.checked > 0)
      .map((r) => `${r.id} judged ${r.checked} ${r.dataset} records dated after the survey as fresh or stale`),
  ];
}

export const COMMAND_ATTACKS: readonly CommandAttack[] = [
  {
    name: 'survey --deactivated-npis /dev/zero (#61 item 2)',
    args: (origin, dir) => [
      'survey',
      '--base-url',
      `${origin}${scenarioPrefix('clean')}`,
      '--npis',
      npis(dir),
      '--deactivated-npis',
      '/dev/zero',
    ],
    exit: 2,
    says: /^directory-conformance: --deactivated-npis \/dev\/zero is not a file/,
    withinSeconds: 5,
  },
  {
    name: 'survey --taxonomy-codes a FIFO no one writes to (#61 item 2)',
    args: (origin, dir) => {
      const fifo = join(dir, 'codes.fifo');
      execFileSync('mkfifo', [fifo]);
      return ['survey', '--base-url', `${origin}${scenarioPrefix('clean')}`, '--npis', npis(dir), '--taxonomy-codes', fifo];
    },
    exit: 2,
    says: /^directory-conformance: --taxonomy-codes .*codes\.fifo is not a file/,
    withinSeconds: 5,
  },
  {
    name: 'survey of records dated 12/31/2099 and 12/31/9999 counts them apart, never as fresh (#61 item 4)',
    args: (origin, dir) => [
      'survey',
      '--base-url',
      `${origin}${scenarioPrefix('last-update-beyond-today')}`,
      '--npis',
      file(dir, 'npis.txt', servedNpis(DATED_NPIS).join('\n')),
      '--max-rps',
      '0',
    ],
    exit: 0,
    says: /^survey: PASS: /,
    saysOn: 'stdout',
    withinSeconds: 60,
    leaves: (dir) => placeholderDatesCounted(join(dir, 'survey-report', 'survey.json')),
  },
  {
    name: 'a PostgreSQL URL missing its slashes is no folder (#61 item 3)',
    args: () => ['history', 'record', '.', '--history', ` postgres:/ci:${PASSWORD}@db.invalid/runs`],
    exit: 2,
    says: /^directory-conformance: .*PostgreSQL/,
    withinSeconds: 10,
    secret: PASSWORD,
    leaves: (dir) => (readdirSync(dir).length > 0 ? [`wrote ${readdirSync(dir).join(', ')} where nothing was to be written`] : []),
  },
  {
    name: 'a password with @ not percent-encoded connects nowhere and is not echoed (#61 item 3)',
    args: () => ['history', 'record', '.'],
    env: { HISTORY_URL: `postgresql://ci:${PASSWORD}@x@db.invalid/runs` },
    exit: 2,
    says: /^directory-conformance: .*the password must be percent-encoded/,
    withinSeconds: 10,
    secret: PASSWORD,
  },
  {
    name: 'history prune of a folder that is not there (#61 item 3)',
    args: (_origin, dir) => ['history', 'prune', '--keep', '5', '--history', join(dir, 'absent')],
    exit: 2,
    says: /^directory-conformance: /,
    withinSeconds: 10,
    leaves: (dir) => (existsSync(join(dir, 'absent')) ? ['made the folder it was to prune'] : []),
  },
  {
    name: 'run --report naming a file (#61 item 5)',
    args: (_origin, dir) => ['run', '--report', file(dir, 'notes.txt', 'my notes\n')],
    exit: 2,
    says: /^directory-conformance: .*notes\.txt/,
    withinSeconds: 20,
    leaves: (dir) => (readFileSync(join(dir, 'notes.txt'), 'utf8') !== 'my notes\n' ? ['changed notes.txt'] : []),
  },
  {
    name: "run --report a folder of the user's own index.html (#61 item 5)",
    args: (_origin, dir) => {
      mkdirSync(join(dir, 'site'));
      file(join(dir, 'site'), 'index.html', FOREIGN_PAGE);
      return ['run', '--report', join(dir, 'site')];
    },
    exit: 2,
    says: /^directory-conformance: .*index\.html/,
    withinSeconds: 20,
    leaves: (dir) => (readFileSync(join(dir, 'site', 'index.html'), 'utf8') !== FOREIGN_PAGE ? ['overwrote index.html'] : []),
  },
  {
    name: 'probes draft from seeds the service does not hold writes nothing (#61 item 6)',
    args: (origin) => [
      'probes',
      'draft',
      '--base-url',
      `${origin}${scenarioPrefix('clean')}`,
      '--npi',
      UNKNOWN_NPI,
      '--max-rps',
      '0',
      '--out',
      'probes.json',
    ],
    exit: 3,
    says: /^wrote nothing: no seed NPI returned a record/,
    withinSeconds: 20,
    leaves: (dir) => (existsSync(join(dir, 'probes.json')) ? ['wrote probes.json'] : []),
  },
];

/** One attack, in a folder of its own under `root`, against the scenarios at `origin`. */
export function runCommandAttack(attack: CommandAttack, bin: string, origin: string, root: string): CommandAttackResult {
  const dir = mkdtempSync(join(root, 'attack-'));
  const started = Date.now();
  const args = attack.args(origin, dir);
  // `node --`: Node takes no --env-file of the command's for its own, as the installed command's shebang says.
  const result = spawnSync(process.execPath, ['--', bin, ...args], {
    cwd: dir,
    env: { ...process.env, CI: '1', ...attack.env },
    encoding: 'utf8',
    // Well past every bound: a command that hangs is stopped, and says so below.
    timeout: 120_000,
  });
  const seconds = (Date.now() - started) / 1000;
  const lines = result.stderr.split('\n');
  const said = (attack.saysOn === 'stdout' ? result.stdout.split('\n') : lines).find((line) => attack.says.test(line));
  const problems = [
    ...(result.status !== attack.exit ? [`exited ${result.status ?? result.signal}, expected ${attack.exit}`] : []),
    ...(said === undefined ? [`standard ${attack.saysOn === 'stdout' ? 'output' : 'error'} has no line matching ${attack.says}`] : []),
    ...(attack.exit === 2 && lines.some((line) => /^\s+at /.test(line)) ? ['a stack trace, not one line'] : []),
    ...(seconds > attack.withinSeconds ? [`took ${seconds.toFixed(1)} s, more than ${attack.withinSeconds}`] : []),
    ...(attack.secret && `${result.stdout}${result.stderr}`.includes(attack.secret) ? ['the secret is on the terminal'] : []),
    ...(attack.leaves?.(dir) ?? []),
  ];
  return { name: attack.name, exit: result.status, seconds, said: said ?? lines[0] ?? '', problems };
}

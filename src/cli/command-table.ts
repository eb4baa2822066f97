/**
 * The one table of the command line: every command, its arguments, flags, the configuration keys it
 * reads and its exit codes. The parser (program.ts), every help page and the docs' check
 * (tests/self/cli.spec.ts) are drawn from it. Commands, flags and exit codes are an interface that CI
 * jobs depend on: they change only by addition.
 */
import { draftRequestBound, MAX_SEEDS } from '../probe-tools/draft-bound';

export interface Flag {
  /** The value's name in help (`--base-url URL`); absent for a boolean flag. */
  value?: string;
  /** The flag may be given more than once; its values are collected in order. */
  multiple?: true;
  description: string;
}

export interface CommandEntry {
  /** The arguments after the command, in commander's notation: `<a> <b>`, `[files...]`. */
  arguments?: string;
  /** One line, for the list of commands. */
  summary: string;
  /** What the command does, said at the top of its help page. */
  description?: string;
  flags: Record<string, Flag>;
  /** The configuration keys it reads from the environment or the dotenv file (docs/configuration.md). */
  environment?: readonly string[];
  /** Its exit codes, when they say more than the common table. */
  exits: string;
}

const BASE_URL: Flag = { value: 'URL', description: "the service's base URL (BASE_URL); unset: the embedded reference server" };
const ENV_FILE: Flag = { value: 'FILE', description: 'the dotenv file to read, instead of .env in the working directory' };
const HISTORY: Flag = {
  value: 'DIR|URL',
  description: 'the history: a folder holding an embedded PostgreSQL (default conformance-history/) or a postgres:// URL (HISTORY_URL)',
};
const LABEL: Flag = { value: 'L', description: "the run's name in the history: the service's release, a deployment" };
const TARGET: Flag = { value: 'T', description: 'one target, its base URL as the reports show it, or "embedded"' };

/** The keys of a command that asks a target (docs/configuration.md). */
const CONNECTION_KEYS = [
  'BASE_URL',
  'API_TOKEN',
  'API_HEADERS',
  'PROVIDER_PATH',
  'FHIR_PATH',
  'REQUEST_TIMEOUT_MS',
  'MAX_RPS',
  'CLIENT_CERT',
  'CLIENT_KEY',
  'CLIENT_KEY_PASSPHRASE',
  'NODE_EXTRA_CA_CERTS',
] as const;
/** What a judged run reads besides the connection: `judge` reads these alone, since it sends nothing. */
const JUDGING_KEYS = ['PROBES_FILE', 'STATUS_SEARCH', 'STRICT', 'REPORT_DIR', 'MAX_PAGES', 'BASELINE_FILE', 'FAIL_ON_DRIFT'] as const;
const RUN_KEYS = [...CONNECTION_KEYS, ...JUDGING_KEYS, 'HISTORY_URL'] as const;

const COMMON_EXITS = '0 pass, 1 fail, 2 configuration error, 3 inconclusive (nothing or not all could be judged)';
const RUN_EXITS =
  '0 pass (or warn: SHOULD findings only), 1 fail (a MUST finding; SHOULD too under --strict; with a baseline, any finding it does not accept), 2 configuration error (a flag, key or file; no API at BASE_URL; 401/403 without credentials; an untrusted certificate), 3 inconclusive (probe problems, run errors, the service unavailable, no check ran)';

/** The pace of a command that asks a service: run's and survey's alike. */
const MAX_RPS: Flag = { value: 'N', description: 'requests per second at most (MAX_RPS; 0: no limit)' };

/** The flags that configure a judged run, shared by run and merge. */
const CONFIGURATION: Record<string, Flag> = {
  'base-url': BASE_URL,
  probes: { value: 'FILE', description: "what you know about the service's data (PROBES_FILE)" },
  'env-file': ENV_FILE,
  report: { value: 'DIR', description: 'where the reports go (REPORT_DIR)' },
  strict: { description: 'SHOULD findings fail the run too (STRICT)' },
  baseline: { value: 'FILE', description: 'judge against a committed baseline of known failures and observed behaviour (BASELINE_FILE)' },
  'fail-on-drift': { description: 'an observation that differs from the baseline fails the run, instead of warning (FAIL_ON_DRIFT)' },
};

export const COMMANDS = {
  run: {
    summary: 'run the conformance suite (the default command)',
    description:
      'Runs the conformance suite against the base URL, or the embedded reference server when none is given. After --, the Playwright options that select or pace the tests (--grep-invert, --retries, --repeat-each, …: docs/cli.md), checked before it starts.\nPrecedence: flags, then environment variables, then the dotenv file, then defaults.',
    flags: {
      ...CONFIGURATION,
      grep: { value: 'ID', description: 'only the tests that check this requirement id (a regular expression)' },
      'max-rps': MAX_RPS,
      workers: { value: 'N', description: 'Playwright workers' },
      shard: { value: 'I/N', description: 'run shard I of N: writes a Playwright blob report to REPORT_DIR/blob/ for merge' },
      'update-baseline': {
        description: 'write the baseline from this run, keeping the reasons, owners and dates of entries that remain',
      },
      har: {
        value: 'FILE',
        description: 'write every exchange of the run to FILE as HAR 1.2: credentials redacted, bodies cut as in the reports',
      },
      history: HISTORY,
      label: LABEL,
    },
    environment: RUN_KEYS,
    exits: RUN_EXITS,
  },
  list: {
    summary: 'the requirement and observation catalogue',
    description: 'Prints every requirement (id, level, section, title) and every observation.',
    flags: { json: { description: 'as a JSON array, for machines' } },
    exits: '0',
  },
  'probes check': {
    summary: 'check every promise of a probes file against the target, without running the suite',
    description:
      'Asks the target each promise of the probes file, one line each: holds, contradicted (with what came back), or unconfirmed (the service failed on its own).',
    flags: { 'base-url': BASE_URL, 'env-file': ENV_FILE, probes: CONFIGURATION.probes },
    environment: [...CONNECTION_KEYS, 'PROBES_FILE', 'STATUS_SEARCH'],
    exits: '0 every promise holds, 2 configuration error, 3 a promise contradicted or unconfirmed, or the target could not be asked',
  },
  'probes draft': {
    summary: 'draft a probes file from a few providers you know (--npi N ...)',
    description: `Drafts a probes file from up to ${MAX_SEEDS} NPIs you know, read-only, within MAX_RPS, in at most ${draftRequestBound(1)} requests for one NPI and ${draftRequestBound(MAX_SEEDS)} for ${MAX_SEEDS}. It writes only promises it has verified, and says which categories it could not fill and why.`,
    flags: {
      'base-url': BASE_URL,
      'env-file': ENV_FILE,
      npi: { value: 'N', multiple: true, description: 'a provider the service has (repeat for more)' },
      out: { value: 'FILE', description: 'where the draft goes (default: standard output)' },
      'max-rps': MAX_RPS,
    },
    environment: CONNECTION_KEYS,
    exits: '0 a unique probe was drafted, 2 configuration error, 3 none could be, or the target could not be asked',
  },
  compare: {
    arguments: '<A> <B>',
    summary: 'compare two conformance.json files',
    description:
      'Compares two conformance.json files (say, the last release and this one, or staging and production): requirements whose status changed, failures new in B and gone from it, and observations that differ.',
    flags: { json: { description: 'the comparison as JSON' } },
    exits: '0 nothing new fails, 1 B has a failure that A did not have, 2 a file is missing or not a report, 3 B judged nothing or not all',
  },
  matrix: {
    arguments: '<reports...>',
    summary: 'deployments side by side: one column per conformance.json',
    description:
      "One column per conformance.json (staging, production, a vendor's build), one row per requirement and per observation; rows whose behaviour differs are marked. Markdown on standard output.",
    flags: { out: { value: 'FILE', description: 'also write a self-contained HTML page' } },
    exits: '0, or 2 when a file is missing or not a report',
  },
  merge: {
    arguments: '<DIR>',
    summary: 'merge the blob reports of run --shard I/N into one conformance report',
    description:
      "Merges the blob reports that run --shard I/N wrote (REPORT_DIR/blob/report-I.zip, gathered into DIR) with Playwright's merge-reports, and writes conformance.json, .md, .junit.xml and index.html as one unsharded run would. Give it the shards' configuration: the same flags, environment or dotenv file.",
    flags: { ...CONFIGURATION, history: HISTORY, label: LABEL },
    environment: RUN_KEYS,
    exits: RUN_EXITS,
  },
  explore: {
    summary: 'generated queries, judged by every rule and relation of the rulebook, each failure shrunk to the smallest query',
    description:
      "Draws queries from the records it starts from (the providers of --npis, else of the probes file's provider probes; the organizations of the probes file's searches, its many-page and over-limit ones among them), seeded: each §4.1 parameter with a provider's own values (every one of its names, addresses, phones, e-mails and taxonomies) beside its NPI, dashed parameters no provider matches, values two providers share narrowed by one alone holds, each §4.3 filter with its own and near values, Count at 1, 24, 25, 26, 999, 1000 and 1001 (below 1000, against the search whole asked before and after it), walks by Page and by the next links of a search with Count, identifiers by value and as system|value, and active=true and false of a search of one page and of one of many where the tenant searches by status (STATUS_SEARCH); values in another case or with spaces around and parameter names in another case are observed, never failed. Each answer is judged by every rule of its endpoint and query, each case by the rules of the relation it tests. The first case that fails a requirement at MUST is shrunk to the smallest that still fails it. Stops at --max-requests and says what it left unexplored. Writes conformance.json (with its explore section), .md, .junit.xml and index.html to --out.",
    flags: {
      'base-url': BASE_URL,
      'env-file': ENV_FILE,
      probes: CONFIGURATION.probes,
      'max-rps': MAX_RPS,
      npis: {
        value: 'FILE|-',
        description:
          "the providers to start from: NPIs, one a line, or a CSV with an NPI column; - reads standard input (default: the probes file's)",
      },
      seed: { value: 'S', description: 'the draw, a whole number (default: a new one, printed)' },
      'max-requests': { value: 'N', description: 'the most requests it sends, shrinking and every retry included (default 2000)' },
      case: {
        value: 'K',
        description: 'ask the case drawn K-th alone (with --seed), and shrink it if it fails: what each failure prints to reproduce it',
      },
      out: { value: 'DIR', description: 'where the report goes (default explore-report)' },
    },
    environment: [...CONNECTION_KEYS, 'PROBES_FILE', 'STRICT'],
    exits: RUN_EXITS,
  },
  judge: {
    arguments: '<HAR>',
    summary: 'judge a recording (run --har, a browser, a recording proxy) offline, sending nothing',
    description:
      "Judges a HAR 1.2 recording of the three endpoints with the rulebook, offline: the suite asks what it always asks, and the recording answers each request with what it holds for the same URL. Every answer is judged by every rule of its endpoint and query; a test whose request the recording lacks is not judged from it, and the report's coverage says so. Give it the configuration of the run recorded (the probes file, STATUS_SEARCH, MAX_PAGES); BASE_URL is read from the recording when not given. Writes conformance.json, .md, .junit.xml and index.html where run writes them.",
    flags: {
      ...CONFIGURATION,
      'base-url': {
        value: 'URL',
        description: "the base URL the recording's requests were made to (BASE_URL); unset: read from the recording",
      },
    },
    environment: ['BASE_URL', 'PROVIDER_PATH', 'FHIR_PATH', 'API_TOKEN', 'API_HEADERS', ...JUDGING_KEYS],
    exits: RUN_EXITS,
  },
  replay: {
    arguments: '<REPORT>',
    summary: 'ask each failure of a conformance.json again: fixed, still fails or changed',
    description:
      "Asks each failure of a conformance.json (or of the folder a run wrote) again of the target and judges the answers with this version's rulebook: every request that showed it is sent again and judged by every rule of its endpoint and query, and the tests that judge its requirement run again, for the failures of a relation between answers. Each failure (a requirement at a location) is fixed, still fails, changed (its requests or its requirement now fail otherwise) or not replayed (why). The target is the configured one alone (--base-url, or BASE_URL in the environment or the dotenv file), with the configured credentials: a report of another target is refused, and only a report of the embedded server is asked of the embedded server again. Each request is one of the three endpoints under the configured paths exactly, and no more than --max-requests are sent, retries included.",
    flags: {
      'base-url': {
        value: 'URL',
        description: "the service's base URL (BASE_URL); unset: the embedded reference server, for a report of it",
      },
      'env-file': ENV_FILE,
      probes: CONFIGURATION.probes,
      'max-rps': MAX_RPS,
      'max-requests': {
        value: 'N',
        description: 'the most requests it sends, the tests run again and every retry included (default 2000)',
      },
      json: { description: 'each failure and its outcome as JSON' },
    },
    environment: [...CONNECTION_KEYS, 'PROBES_FILE', 'STATUS_SEARCH', 'MAX_PAGES'],
    exits:
      '0 every failure fixed (or none to replay), 1 one still fails or fails otherwise, 2 configuration error or REPORT not a report, 3 one could not be asked again and none still fails',
  },
  serve: {
    summary: 'start the embedded reference server',
    description: 'Starts the embedded reference server (default http://127.0.0.1:3000) until it is stopped.',
    flags: {
      port: { value: 'N', description: 'the port (PORT; default 3000)' },
      host: { value: 'ADDRESS', description: 'the address to listen on (HOST; default 127.0.0.1)' },
      size: { value: 'N', description: 'serve a generated directory of N providers and N organizations instead of the fixtures' },
      'write-npis': {
        value: 'FILE',
        description: 'write the NPIs of the served data, one a line, for survey --npis (- for standard output)',
      },
      fault: { value: 'NAME', description: 'serve a release that breaks a rule, for trying the gate and the history (REFERENCE_FAULT)' },
      'list-faults': { description: 'list the faults --fault can serve, with what each breaks, and exit' },
      latitude: {
        value: 'KEY=VALUE,...',
        description:
          "serve a point of the specification's latitude (REFERENCE_LATITUDE): a value for any of its dimensions (docs/reference-server.md), and data=N for a directory of real shapes drawn from seed N",
      },
      'latitude-seed': {
        value: 'N',
        description: 'serve a point of the latitude drawn from seed N, on the directory of seed N; --latitude then sets dimensions over it',
      },
      'pid-file': {
        value: 'FILE',
        description: "write the server's process id to FILE, for kill $(cat FILE) in a script; removed when it stops",
      },
    },
    environment: ['LATENCY_MS', 'FIXTURE_DIR', 'REFERENCE_FAULT', 'REFERENCE_VARIANT', 'REFERENCE_LATITUDE'],
    exits: '2 on a wrong flag; otherwise it serves until stopped',
  },
  survey: {
    summary: 'judge every record of a directory: NPIs from a list, organizations by walking searches',
    description:
      "Judges every record of a directory with the conformance run's rules: a single-best search for each NPI and the source records of what it finds; every page of each organization search (by Page alone, 25 a page). Writes survey.json, failures.csv and index.html to --out.",
    flags: {
      'base-url': BASE_URL,
      'env-file': ENV_FILE,
      npis: {
        value: 'FILE|-',
        description: 'NPIs, one a line, or a CSV with an NPI column (comma, semicolon or tab); - reads standard input',
      },
      delimiter: { value: 'D', description: "the CSV's delimiter: comma, semicolon or tab (default: found from the first line)" },
      organizations: { value: 'QUERY', multiple: true, description: 'a search to walk, such as address-state=TX (repeat for more)' },
      'organizations-by-state': { description: 'walk address-state for every USPS state and territory code' },
      export: {
        value: 'SOURCE',
        description:
          "a bulk export of the directory: an NDJSON file (plain, .gz or .zst), a folder of them or holding a release's manifest.json, a manifest file (a Bulk Data complete status, or a release manifest), or any of them on http(s), a Bulk Data kick-off URL (…/$export) included: each Organization and resource carrying an NPI asked of the service and compared (DQ-EXPORT-ABSENT, DQ-EXPORT-DIFFERS), the walks' organizations looked up in it (DQ-EXPORT-UNPUBLISHED), its references resolved (DQ-EXPORT-DANGLING); with --dry-run, says what it holds (resources by type, NPIs by identifier system, references to no resource of it, one stamp for every lastUpdated)",
      },
      'export-origin': {
        value: 'ORIGIN',
        multiple: true,
        description:
          "an origin (https://files.example.org) the export's files may be fetched from with the target's credentials; without it they go only to the target's origin, and a file elsewhere that the manifest marks requiresAccessToken stops the survey (repeat for more)",
      },
      findability: {
        description:
          'search every organization met by each value it carries (ORG-FINDABLE, §4.3), about 7 more requests an organization, and walk one search of each kind the first page of each walk of the plan gives (a name, a city, a postal code, a type, an address, an identifier, a phone); ask for every provider found by its NPI with a dashed and a plain parameter, by its demographics and by its name, whole and in its parts (SB-OPTIONAL-DASH, SB-NARROWING, SB-FINDABLE, §4.1), about 6 more, and judge providers met that share their name and state, or their name (SB-AMBIGUOUS)',
      },
      'deactivated-npis': {
        value: 'FILE',
        description:
          'the NPPES deactivation report (CSV, or one NPI a line): the data-quality scorecard counts the NPIs served that it deactivates (DQ-DEACTIVATED-LIST); without it, not judged',
      },
      'taxonomy-codes': {
        value: 'FILE',
        description:
          'the NUCC taxonomy code set (CSV, or one code a line): the data-quality scorecard counts the codes served that it does not hold (DQ-TAXONOMY-UNLISTED); without it, not judged',
      },
      out: { value: 'DIR', description: 'where the survey goes (default survey-report)' },
      sample: {
        value: 'P%|N',
        description:
          'survey a reproducible random sample: this share of the NPIs and of the organizations met (the walks still read every page), or N NPIs of the list and the organizations at the share they make; each rate then carries its 95% interval',
      },
      seed: { value: 'S', description: 'the sample drawn (--sample), a whole number (default 1): the same seed draws the same records' },
      'dry-run': {
        description:
          'print the plan and what it will cost (requests a record, time at --max-rps), then stop: nothing is asked of the service',
      },
      resume: { description: 'carry on the survey whose checkpoint is in --out' },
      shard: { value: 'I/N', description: 'survey shard I of N; join the shards with survey merge' },
      'max-rps': MAX_RPS,
      concurrency: { value: 'N', description: 'requests in flight at most (default 8)' },
      examples: { value: 'N', description: 'failing records shown per requirement, the smallest keys (default 5)' },
      'max-failure-rows': { value: 'N', description: 'rows of failures.csv at most (default 100000)' },
      history: { ...HISTORY, description: `${HISTORY.description}; for shards, give it to survey merge` },
      label: { value: 'L', description: "the survey's name in the history" },
    },
    environment: [...CONNECTION_KEYS, 'HISTORY_URL'],
    exits:
      '0 no record broke a MUST requirement, 1 one did, 2 configuration error, 3 inconclusive (stopped before it completed, or a unit without an answer about the directory: --resume finishes it)',
  },
  'survey merge': {
    arguments: '<DIRS...>',
    summary: 'join the shards of a survey (survey --shard I/N) into one',
    description: 'Joins the shards of one survey, each once, into one survey as an unsharded survey would have written it.',
    flags: {
      out: { value: 'DIR', description: 'where the merged survey goes (required)' },
      history: HISTORY,
      label: { value: 'L', description: "the survey's name in the history" },
    },
    environment: ['HISTORY_URL'],
    exits: '0 no record broke a MUST requirement, 1 one did, 2 a shard missing, repeated or of another survey, 3 inconclusive',
  },
  'survey diff': {
    arguments: '<A> <B>',
    summary: 'two surveys or exports side by side: records added, removed and changed, and the lag from an export to the API',
    description:
      "Compares A and B by identity (organizations by id, providers by NPI), each a survey's folder or an export (a file, a folder, a manifest): the records added, removed and changed, per field. From an export (A) to a survey of the API (B), the business days the API took to show what the export showed, as a distribution, with the share pending past five business days. Where B is a survey, the diff is written into its survey.json (diff) and its page.",
    flags: {},
    exits: '0 the diff made, 2 A or B cannot be read',
  },
  'history record': {
    arguments: '[REPORT_DIRS...]',
    summary: 'keep report folders (what run, merge, survey or survey merge wrote), each once by its id',
    flags: { history: HISTORY, 'env-file': ENV_FILE, label: LABEL },
    environment: ['HISTORY_URL'],
    exits: '0 kept, 2 a folder holds no report, or the history cannot be opened',
  },
  'history check': {
    summary: 'the regression gate: the latest run and survey of each target against the one before',
    description:
      'Compares the latest run and survey of each target with the one before (or the last that passed, or run N). A regression is a requirement that passed and fails, an observation that drifted, a survey failure rate that rose by more than --max-rate-rise points with --min-records records (for a sample, beyond both 95% intervals too), or a p95/p99 latency that rose by more than --max-latency-rise over the median of the last --window surveys. See docs/history.md.',
    flags: {
      history: HISTORY,
      'env-file': ENV_FILE,
      target: TARGET,
      against: { value: 'last|last-pass|N', description: 'what the latest is compared with (default last)' },
      'max-rate-rise': { value: 'P', description: 'points a survey failure rate may rise (default 0.5)' },
      'min-records': { value: 'N', description: 'records a rate needs to count (default 20)' },
      'max-latency-rise': { value: 'R', description: 'how much a p95/p99 latency may rise (default 25%)' },
      window: { value: 'N', description: 'surveys whose median latency is the reference (default 5)' },
    },
    environment: ['HISTORY_URL'],
    exits: '0 no regression, 1 a regression, 2 configuration error, 3 nothing to compare yet',
  },
  'history diff': {
    arguments: '[RUNS...]',
    summary: 'two runs side by side (the latest two of a target by default), as compare does',
    description: 'Two runs side by side, as compare does; for surveys, the records that started and stopped failing. Markdown, or --json.',
    flags: { history: HISTORY, 'env-file': ENV_FILE, target: TARGET, json: { description: 'as JSON' } },
    environment: ['HISTORY_URL'],
    exits: COMMON_EXITS,
  },
  'history page': {
    summary: 'a self-contained HTML page: verdicts over time, the requirement grid, rates, latency',
    flags: { history: HISTORY, 'env-file': ENV_FILE, out: { value: 'DIR', description: 'where index.html goes (required)' } },
    environment: ['HISTORY_URL'],
    exits: '0 written, 2 configuration error',
  },
  'history export': {
    summary: 'the latest state per target in the OpenMetrics text format, for Prometheus',
    flags: {
      history: HISTORY,
      'env-file': ENV_FILE,
      target: TARGET,
      format: { value: 'openmetrics', description: 'the format (openmetrics)' },
    },
    environment: ['HISTORY_URL'],
    exits: '0 written, 2 configuration error',
  },
  'history prune': {
    summary: 'remove runs beyond the newest N of each target and kind, or older than DAYS',
    flags: {
      history: HISTORY,
      'env-file': ENV_FILE,
      keep: { value: 'N', description: 'runs of each target and kind to keep' },
      'older-than': { value: 'DAYS', description: 'remove runs older than this' },
    },
    environment: ['HISTORY_URL'],
    exits: '0 pruned, 2 configuration error',
  },
} as const satisfies Record<string, CommandEntry>;

export type CommandName = keyof typeof COMMANDS;

/** Flags every command takes, besides its own. */
export const GLOBAL_FLAGS: Record<string, Flag> = {
  quiet: { description: 'only the verdict, findings and errors: no progress, no announcements' },
  'no-color': { description: 'no colours in what is printed (NO_COLOR)' },
};

/** The common exit table, for the main help page. */
export const EXIT_CODES_LINE = `Exit codes: ${COMMON_EXITS}.`;

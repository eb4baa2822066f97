/**
 * The boundaries of the code, checked by dependency-cruiser (`npm run lint`). A request's path
 * through the harness is the order of the stages: configuration → probes → client → rules →
 * verdicts → report. A stage imports only the stages before it and the foundation (types, spec,
 * json, domain, schema-validation), never one after it. ARCHITECTURE.md says what each folder owns.
 */
const FOUNDATION = '^src/(types|spec|json|domain|schema-validation)/|^src/(fixture-paths|suite-version|package-root)[.]ts$';
const STAGES = ['config', 'probes', 'client', 'rules', 'verdicts', 'report'];
/** What sits on the stages: the Playwright glue, the jobs and commands, the test double and the tooling. */
const ABOVE = [
  'harness',
  'probe-tools',
  'export',
  'survey',
  'recording',
  'replay',
  'explore',
  'history',
  'cli',
  'openapi',
  'reference',
  'generator',
  'suite-runs',
  'bench',
];
const folders = (names) => `^src/(${names.join('|')})/`;
/** The test double, the data generator and what only the repository's own tests and benchmarks use. */
const TOOLING = ['reference', 'generator', 'suite-runs', 'bench', 'openapi'];
/** The modules that start the embedded server, or run it (serve): the only product modules that import it. */
const EMBEDDED_STARTERS = '^src/(harness/embedded-server|cli/run|cli/target|cli/invoke|cli/serve)[.]ts$';
const PLAYWRIGHT = '(^|/)node_modules/(@playwright/|playwright/|playwright-core/)';

/** A stage may import only the stages before it: one rule per stage, naming all that come after. */
const stageOrder = STAGES.map((stage, i) => ({
  name: `stage-order-${stage}`,
  comment: `${stage}/ comes before ${[...STAGES.slice(i + 1), ...ABOVE].join(', ')}: data moves forward only`,
  severity: 'error',
  from: { path: `^src/${stage}/` },
  to: { path: folders([...STAGES.slice(i + 1), ...ABOVE]) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules that import each other in a circle: a type two of them share belongs in the earlier one.',
      severity: 'error',
      from: { path: '^(src|scripts|bin)/' },
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports and that imports nothing: dead code, or a file that lost its place.',
      severity: 'error',
      from: { orphan: true, path: '^src/' },
      to: {},
    },
    {
      name: 'foundation-imports-no-stage',
      comment: 'The foundation (types, spec, json, domain, schema-validation) is what every stage shares: it imports none of them.',
      severity: 'error',
      from: { path: FOUNDATION },
      to: { path: folders([...STAGES, ...ABOVE]) },
    },
    ...stageOrder,
    {
      name: 'judging-without-playwright',
      comment: 'Rules, verdicts and reports are plain functions that any command calls: no Playwright.',
      severity: 'error',
      from: { path: '^src/(rules|verdicts|report)/' },
      to: { path: PLAYWRIGHT },
    },
    {
      name: 'judging-without-network',
      comment:
        'Rules, verdicts and reports judge exchanges already made: from the client they take only the record of an exchange (client/exchange.ts) and types.',
      severity: 'error',
      from: { path: '^src/(rules|verdicts|report)/' },
      to: { path: '^src/client/', pathNot: '^src/client/exchange[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'network-only-through-the-client',
      comment:
        'The product reaches the network only through client/transport.ts, under the GET-only client (client/http-client.ts); only the test double, the runs of the suite and the benchmark floor open sockets of their own.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/client/transport[.]ts$', '^src/(reference|suite-runs|bench)/'] },
      to: {
        path: ['^(http|https|http2|net|tls|dgram)$', '(^|/)node_modules/undici/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'judging-without-reference',
      comment: 'Rules, verdicts and reports know the specification, never our test double.',
      severity: 'error',
      from: { path: '^src/(rules|verdicts|report)/' },
      to: { path: '^src/reference/' },
    },
    {
      name: 'playwright-only-in-the-glue',
      comment: 'Only src/harness/ (fixtures, the reporter adapter, the preflight) speaks Playwright; the command only starts its CLI.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/harness/', '^src/cli/run[.]ts$'] },
      to: { path: PLAYWRIGHT },
    },
    {
      name: 'reference-stands-alone',
      comment:
        'The reference server is a test double: at run time it imports the foundation only, never the harness stages or the generator (types of the catalogue are no run-time import).',
      severity: 'error',
      from: { path: '^src/reference/' },
      to: { path: folders([...STAGES, ...ABOVE.filter((name) => name !== 'reference')]), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'product-without-reference',
      comment:
        'The harness does not depend on its test double or the data generator: only the tooling around it does, and the few modules that start the embedded server (embedded-server-through-its-starter).',
      severity: 'error',
      from: { path: '^src/|^playwright[.]config[.]ts$', pathNot: [`^src/(${TOOLING.join('|')})/`, EMBEDDED_STARTERS] },
      to: { path: '^src/(reference|generator)/' },
    },
    {
      name: 'embedded-server-through-its-starter',
      comment:
        'With no target, the run, probes and survey start the embedded server, and serve runs it: through src/reference/start.ts (or the entry that calls it; serve --fault, the entry that serves one scenario), and, for serve --size and --write-npis, the generator and the directory. Nothing else of the test double.',
      severity: 'error',
      from: { path: EMBEDDED_STARTERS, pathNot: '^src/cli/serve[.]ts$' },
      to: { path: '^src/(reference|generator)/', pathNot: '^src/reference/(start|main|free-port|scenarios/main)[.]ts$' },
    },
    {
      name: 'drivers-through-the-rulebook',
      comment:
        "The drivers (the suite's entries and the Playwright glue that runs them, the in-process suite, the survey and its export, probes check, the draft, replay and explore) judge through the rulebook's public module (src/rules/rulebook/index.ts): every rule of the subjects they meet, and the walk rules, never a rule function of their own choosing.",
      severity: 'error',
      from: { path: '^(src/(survey|export|probe-tools|recording|replay|explore|harness|suite|suite-runs)|tests/conformance)/' },
      to: { path: '^src/rules/', pathNot: '^src/rules/rulebook/index[.]ts$' },
    },
    {
      name: 'history-judges-nothing',
      comment:
        'The history keeps what the rulebook said when a run was made, and compares it: it imports no rule, so that a stored result is never judged again by another version.',
      severity: 'error',
      from: { path: '^src/history/' },
      to: { path: '^src/rules/' },
    },
    {
      name: 'scorecard-outside-verdicts',
      comment:
        'The data-quality scorecard (src/quality/) measures what the specification is silent on: no rule judges by it and no verdict reads it, so that it can never fail a run or a survey.',
      severity: 'error',
      from: { path: '^src/(rules|verdicts)/' },
      to: { path: '^src/quality/' },
    },
    {
      name: 'serve-builds-directories',
      comment:
        'serve --size generates a directory, --write-npis lists it, --fault names a scenario it can serve and --latitude a point of the latitude: only serve imports the generator, the directory, the list of servable scenarios and the latitude.',
      severity: 'error',
      from: { path: '^src/cli/serve[.]ts$' },
      to: {
        path: '^src/(reference|generator)/',
        pathNot: [
          '^src/generator/',
          '^src/reference/directory[.]ts$',
          '^src/reference/scenarios/servable[.]ts$',
          '^src/reference/scenarios/latitude[.]ts$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The compiled package (npm run build): the same modules again.
    exclude: { path: '^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['cjs', 'es6'],
    reporterOptions: {
      archi: { collapsePattern: '^src/[^/]+/|^(scripts|bin|tests)/' },
      // ARCHITECTURE.md's graph (npm run architecture): readable node names in the Mermaid text.
      mermaid: { minify: false },
    },
  },
};

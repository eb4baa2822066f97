/** The configuration loader: defaults, dotenv precedence, and one clear error naming each bad key. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBEDDED_URL_VARIABLE, secretsOf } from '../../src/config/connection';
import { environmentWithDotenv } from '../../src/config/environment';
import { loadSuiteConfig } from '../../src/suite/suite-config';
import { ConfigError } from '../../src/config/config-error';
import { reportRunThatCouldNotStart } from '../../src/harness/stopped-run';
import { REPORT_FILES } from '../../src/report/model';
import { ORGANIZATION_FILTERS, PAGING_PARAMETERS, PROVIDER_PARAMETERS } from '../../src/spec/constants';
import { expect, test } from './fixtures';

const EMBEDDED = { [EMBEDDED_URL_VARIABLE]: 'http://127.0.0.1:4321' };

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'config-'));
}

test('defaults: the embedded server, committed probes, /provider and /fhir, 15 s', { tag: '@fast' }, () => {
  const config = loadSuiteConfig(EMBEDDED, tempDir());
  expect(config).toMatchObject({
    baseUrl: 'http://127.0.0.1:4321',
    embedded: true,
    apiHeaders: {},
    providerPath: '/provider',
    fhirPath: '/fhir',
    // The committed probes say the reference server searches by status.
    statusSearch: true,
    strict: false,
    requestTimeoutMs: 15000,
  });
  // STATUS_SEARCH, when given, wins over the probes file.
  expect(loadSuiteConfig({ ...EMBEDDED, STATUS_SEARCH: 'false' }, tempDir()).statusSearch).toBe(false);
  expect(config.reportDir.endsWith('conformance-report')).toBe(true);
  expect(config.probes.provider?.unique?.length).toBeGreaterThan(0);
});

test('every key is read', { tag: '@fast' }, () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'probes.json'), JSON.stringify({ provider: { none: [{ query: { NPI: '1234567893' } }] } }));
  const config = loadSuiteConfig(
    {
      BASE_URL: 'https://directory.example.org/v1/',
      API_TOKEN: 'tok-123456',
      API_HEADERS: '{"X-Tenant":"acme-tenant"}',
      PROBES_FILE: 'probes.json',
      PROVIDER_PATH: '/api',
      FHIR_PATH: '/r4',
      STATUS_SEARCH: 'true',
      STRICT: 'TRUE',
      REPORT_DIR: 'out',
      REQUEST_TIMEOUT_MS: '2500',
    },
    dir,
  );
  expect(config).toMatchObject({
    baseUrl: 'https://directory.example.org/v1',
    embedded: false,
    apiToken: 'tok-123456',
    apiHeaders: { 'X-Tenant': 'acme-tenant' },
    probesFile: join(dir, 'probes.json'),
    providerPath: '/api',
    fhirPath: '/r4',
    statusSearch: true,
    strict: true,
    reportDir: join(dir, 'out'),
    requestTimeoutMs: 2500,
  });
  expect(secretsOf(config)).toEqual(['tok-123456', 'acme-tenant']);
});

test('BASE_URL= in the dotenv file is an empty target too, and the report says so', { tag: '@fast' }, () => {
  const dir = tempDir();
  writeFileSync(join(dir, '.env'), 'BASE_URL=\n');
  const env = environmentWithDotenv({ ...EMBEDDED }, dir);
  expect(() => loadSuiteConfig(env, dir)).toThrow(/^configuration: BASE_URL is given but empty/);
  try {
    loadSuiteConfig(env, dir);
  } catch (error) {
    const { reportDir } = reportRunThatCouldNotStart(error as ConfigError, env, dir);
    const report = JSON.parse(readFileSync(join(reportDir, REPORT_FILES.json), 'utf8'));
    expect(report).toMatchObject({ verdict: 'error', target: { baseUrl: '(an empty BASE_URL)', embedded: false } });
  }
});

test('.env is read, and real environment variables win over it', { tag: '@fast' }, () => {
  const dir = tempDir();
  writeFileSync(join(dir, '.env'), 'BASE_URL=https://from-file.example\nSTRICT=true\n');
  const env = environmentWithDotenv({ BASE_URL: 'https://from-env.example' }, dir);
  expect(env.BASE_URL).toBe('https://from-env.example');
  expect(env.STRICT).toBe('true');
});

const invalid: { env: Record<string, string>; key: string; says: RegExp }[] = [
  { env: { BASE_URL: 'not a url' }, key: 'BASE_URL', says: /not a valid URL/ },
  // An empty target is never the embedded server: `--base-url "$STAGING_URL"` with the variable unset must not pass.
  { env: { BASE_URL: '' }, key: 'BASE_URL', says: /is given but empty/ },
  { env: { BASE_URL: '   ' }, key: 'BASE_URL', says: /is given but empty/ },
  { env: { BASE_URL: 'ftp://example.org' }, key: 'BASE_URL', says: /http or https/ },
  { env: { BASE_URL: 'https://user:pw@example.org' }, key: 'BASE_URL', says: /credentials/ },
  { env: { BASE_URL: 'https://example.org/?tenant=1' }, key: 'BASE_URL', says: /query/ },
  { env: { API_HEADERS: '{not json' }, key: 'API_HEADERS', says: /not valid JSON/ },
  { env: { API_HEADERS: '["a"]' }, key: 'API_HEADERS', says: /JSON object/ },
  { env: { API_HEADERS: '{"X-Key": 5}' }, key: 'API_HEADERS', says: /must be a string/ },
  { env: { API_HEADERS: '{"bad name": "v"}' }, key: 'API_HEADERS', says: /invalid header name/ },
  // A secret too short to tell apart from ordinary text could not be kept out of any output: refused, never written.
  { env: { API_TOKEN: 'tok-12' }, key: 'API_TOKEN', says: /the token has fewer than 8 letters and digits/ },
  { env: { API_HEADERS: '{"X-Key": "k3y-9"}' }, key: 'API_HEADERS', says: /the value of X-Key has fewer than 8 letters and digits/ },
  {
    env: { API_HEADERS: JSON.stringify({ Authorization: `Basic ${Buffer.from('integration-user:pw-1').toString('base64')}` }) },
    key: 'API_HEADERS',
    says: /the value of Authorization has fewer than 8 letters and digits/,
  },
  { env: { PROBES_FILE: 'missing.json' }, key: 'PROBES_FILE', says: /cannot be read.*missing\.json.*ENOENT/ },
  { env: { PROBES_FILE: 'broken.json' }, key: 'PROBES_FILE', says: /not valid JSON/ },
  { env: { PROBES_FILE: 'wrong.json' }, key: 'PROBES_FILE', says: /does not match schemas\/probes\.schema\.json.*\/provider/ },
  {
    env: { PROBES_FILE: 'misspelt.json' },
    key: 'PROBES_FILE',
    says: /provider\.unique\[0\]\.query has the unknown parameter "Firstname": did you mean "FirstName"\? \(§4\.1/,
  },
  {
    env: { PROBES_FILE: 'misspelt-dash.json' },
    key: 'PROBES_FILE',
    says: /provider\.ambiguous\[0\]\.narrowedBy has the unknown parameter "Cty-": did you mean "City-"\?/,
  },
  {
    env: { PROBES_FILE: 'misspelt-org.json' },
    key: 'PROBES_FILE',
    says: /organization\.searches\[0\]\.query has the unknown parameter "address-zip": did you mean "address-city"\? \(§4\.3/,
  },
  { env: { PROVIDER_PATH: 'provider' }, key: 'PROVIDER_PATH', says: /starts with \// },
  { env: { FHIR_PATH: '/fhir/' }, key: 'FHIR_PATH', says: /does not end with one/ },
  { env: { STATUS_SEARCH: 'yes' }, key: 'STATUS_SEARCH', says: /true or false/ },
  { env: { STRICT: '1' }, key: 'STRICT', says: /true or false/ },
  { env: { REQUEST_TIMEOUT_MS: '0' }, key: 'REQUEST_TIMEOUT_MS', says: /from 1 to 600000/ },
  { env: { REQUEST_TIMEOUT_MS: 'soon' }, key: 'REQUEST_TIMEOUT_MS', says: /whole number/ },
];

for (const { env, key, says } of invalid) {
  test(`invalid ${key} (${Object.values(env)[0]}) stops with one message naming the key`, { tag: '@fast' }, () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.json'), '{"provider": ');
    writeFileSync(join(dir, 'wrong.json'), JSON.stringify({ provider: { unique: [{ query: {} }] } }));
    writeFileSync(
      join(dir, 'misspelt.json'),
      JSON.stringify({ provider: { unique: [{ query: { Firstname: 'JANE', LastName: 'DOE' } }] } }),
    );
    writeFileSync(
      join(dir, 'misspelt-dash.json'),
      JSON.stringify({ provider: { ambiguous: [{ query: { LastName: 'DOE', 'State-': 'OH' }, narrowedBy: { 'Cty-': 'DAYTON' } }] } }),
    );
    writeFileSync(join(dir, 'misspelt-org.json'), JSON.stringify({ organization: { searches: [{ query: { 'address-zip': '43215' } }] } }));
    let error: unknown;
    try {
      loadSuiteConfig({ ...EMBEDDED, ...env }, dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).key).toBe(key);
    expect((error as ConfigError).message).toMatch(new RegExp(`^configuration: ${key} `));
    expect((error as ConfigError).message).toMatch(says);
  });
}

test('an API_HEADERS error never repeats the secret value', { tag: '@fast' }, () => {
  expect(() => loadSuiteConfig({ ...EMBEDDED, API_HEADERS: '{"X-Key": "s3cr3t-value", oops}' })).toThrow(/^(?!.*s3cr3t-value)/s);
});

test('the probe parameter names of §4.1 (with or without the dash) and §4.3 are all accepted', { tag: '@fast' }, () => {
  const dir = tempDir();
  const provider = Object.fromEntries(PROVIDER_PARAMETERS.map((name, i) => [i % 2 ? name : `${name}-`, 'x']));
  const organization = Object.fromEntries([...ORGANIZATION_FILTERS, ...PAGING_PARAMETERS].map((name) => [name, '1']));
  writeFileSync(
    join(dir, 'all.json'),
    JSON.stringify({ provider: { unique: [{ query: provider }] }, organization: { searches: [{ query: organization }] } }),
  );
  expect(loadSuiteConfig({ ...EMBEDDED, PROBES_FILE: 'all.json' }, dir).probes.provider?.unique?.[0].query).toEqual(provider);
});

test('a configuration error leaves a report with verdict error, and no earlier report survives', { tag: '@fast' }, () => {
  const dir = tempDir();
  const reportDir = join(dir, 'out');
  mkdirSync(reportDir);
  // An earlier run's report, as the harness writes each file (a file of another's would be refused, never replaced).
  const earlier: Record<string, string> = {
    [REPORT_FILES.json]: '{"suite":{"version":"0.1.0"},"verdict":"pass","note":"PASS from an earlier run"}',
    [REPORT_FILES.markdown]: '# Conformance report: Directory Search Service v1.0\n\nPASS from an earlier run\n',
    [REPORT_FILES.junit]: '<testsuites name="Directory Search Service v1.0 conformance of x (pass)">PASS from an earlier run</testsuites>',
    [REPORT_FILES.html]: '<!doctype html><meta name="generator" content="directory-conformance"><p>PASS from an earlier run</p>',
  };
  for (const [file, text] of Object.entries(earlier)) writeFileSync(join(reportDir, file), text);
  const env = { ...EMBEDDED, REPORT_DIR: 'out', STRICT: 'maybe', API_TOKEN: 'config-error-token-9q' };
  let error: ConfigError | undefined;
  try {
    loadSuiteConfig(env, dir);
  } catch (caught) {
    error = caught as ConfigError;
  }
  expect(reportRunThatCouldNotStart(error!, env, dir)).toEqual({ reportDir });
  const report = JSON.parse(readFileSync(join(reportDir, REPORT_FILES.json), 'utf8'));
  expect(report).toMatchObject({
    verdict: 'error',
    errors: [{ kind: 'configuration', message: 'configuration: STRICT must be true or false, got "maybe"' }],
  });
  expect(report.requirements.every((r: { status: string }) => r.status === 'skip')).toBe(true);
  expect(readFileSync(join(reportDir, REPORT_FILES.markdown), 'utf8')).toContain(
    '**Verdict: ERROR: the configuration stopped it before anything was judged**',
  );
  expect(readFileSync(join(reportDir, REPORT_FILES.junit), 'utf8')).toContain(
    '<error type="configuration" message="configuration: STRICT must be true or false',
  );
  for (const file of Object.values(REPORT_FILES))
    expect(readFileSync(join(reportDir, file), 'utf8')).not.toContain('PASS from an earlier run');
  // A folder holding a page the harness did not write (a PASS from elsewhere) is left as it is, and what the run says names it.
  const foreign = join(dir, 'published');
  mkdirSync(foreign);
  writeFileSync(join(foreign, REPORT_FILES.markdown), '# Release notes\n\nPASS, all green\n');
  const left = reportRunThatCouldNotStart(error!, { ...env, REPORT_DIR: 'published' }, dir);
  expect(left.unwritten).toMatch(/^; no report was written: REPORT_DIR .*published holds conformance\.md, which the harness did not write/);
  expect(readdirSync(foreign)).toEqual([REPORT_FILES.markdown]);
  expect(readFileSync(join(foreign, REPORT_FILES.markdown), 'utf8')).toBe('# Release notes\n\nPASS, all green\n');
});

test(
  'CLIENT_CERT and CLIENT_KEY are PEM files read together; the passphrase is a secret; a bad one is named without its content',
  { tag: '@fast' },
  () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'client.pem'), '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    writeFileSync(join(dir, 'client-key.pem'), '-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIE\n-----END ENCRYPTED PRIVATE KEY-----\n');
    writeFileSync(join(dir, 'not-pem.txt'), 'hunter2-secret-key-material');
    const both = { ...EMBEDDED, CLIENT_CERT: 'client.pem', CLIENT_KEY: 'client-key.pem', CLIENT_KEY_PASSPHRASE: 'pass-phrase-99' };
    const config = loadSuiteConfig(both, dir);
    expect(config.clientCertificate?.cert.toString()).toContain('BEGIN CERTIFICATE');
    expect(config.clientCertificate?.passphrase).toBe('pass-phrase-99');
    expect(secretsOf(config)).toContain('pass-phrase-99');
    expect(() => loadSuiteConfig({ ...EMBEDDED, CLIENT_CERT: 'client.pem' }, dir)).toThrow('CLIENT_KEY must be set with CLIENT_CERT');
    expect(() => loadSuiteConfig({ ...EMBEDDED, CLIENT_KEY_PASSPHRASE: 'x' }, dir)).toThrow(
      'CLIENT_KEY_PASSPHRASE is set, but CLIENT_KEY is not',
    );
    expect(() => loadSuiteConfig({ ...both, CLIENT_KEY: 'missing.pem' }, dir)).toThrow(
      /CLIENT_KEY cannot be read: .*missing\.pem \(ENOENT\)/,
    );
    let message = '';
    try {
      loadSuiteConfig({ ...both, CLIENT_KEY: 'not-pem.txt' }, dir);
    } catch (error) {
      message = (error as ConfigError).message;
    }
    expect(message).toMatch(/CLIENT_KEY is not a PEM file/);
    expect(message).not.toContain('hunter2');
  },
);

test('BASELINE_FILE is read before any test; --update-baseline and --fail-on-drift need it', { tag: '@fast' }, () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'baseline.json'), JSON.stringify({ expectations: [{ id: 'ORG-PAGE', reason: 'x' }] }));
  expect(loadSuiteConfig({ ...EMBEDDED, BASELINE_FILE: 'baseline.json' }, dir).baseline).toEqual({
    file: join(dir, 'baseline.json'),
    update: false,
    failOnDrift: false,
  });
  expect(() => loadSuiteConfig({ ...EMBEDDED, BASELINE_FILE: 'missing.json' }, dir)).toThrow(/BASELINE_FILE cannot be read as JSON/);
  // A baseline to be written need not exist yet.
  expect(loadSuiteConfig({ ...EMBEDDED, BASELINE_FILE: 'new.json', UPDATE_BASELINE: 'true' }, dir).baseline?.update).toBe(true);
  expect(() => loadSuiteConfig({ ...EMBEDDED, FAIL_ON_DRIFT: 'true' }, dir)).toThrow('FAIL_ON_DRIFT needs BASELINE_FILE');
});

test('MAX_PAGES bounds the page walks: 20 by default, a whole number from 2', { tag: '@fast' }, () => {
  expect(loadSuiteConfig(EMBEDDED, tempDir()).maxPages).toBe(20);
  expect(loadSuiteConfig({ ...EMBEDDED, MAX_PAGES: '400' }, tempDir()).maxPages).toBe(400);
  for (const bad of ['1', 'many', '2.5'])
    expect(() => loadSuiteConfig({ ...EMBEDDED, MAX_PAGES: bad }, tempDir())).toThrow(/MAX_PAGES must be a whole number of pages/);
});

/** What the specification says that the suite deliberately does not check, and why: the Inferno "not tested" list. */
export interface NotTested {
  spec: string;
  what: string;
  reason: string;
}

export const NOT_TESTED: readonly NotTested[] = [
  {
    spec: '§1',
    what: 'the other endpoints: `/fhir/practionerrole`, `/provider/search`, `/provider/distanceSearch`, `/organization/search`, `/organization/searchSingleBest`, the two `multiSearchSingleBest` POSTs, the bulk FHIR export, the MMIS codes',
    reason: 'only named: their behaviour, parameters and payloads are not shown; the POSTs are also outside a GET-only harness',
  },
  { spec: '§3', what: 'lifecycle and transitions of providers and organizations', reason: 'not shown' },
  {
    spec: '§4.1 r5',
    what: 'the exact single-best matching rules, and which attribute `Address`, `StreetAddress`, `Zip`, `Email`, the taxonomy, other-identifier, `Carrier` and licence parameters match',
    reason: 'not shown: SB-MATCHES-QUERY compares only NPI, names, State, City and Phone, whose attributes are plain',
  },
  {
    spec: '§4.1 r2',
    what: '`LicenseStatus` in the every-parameter sweep of SB-STRICT-PARAM',
    reason: 'it takes only `True` or `False`, so no value excludes every provider',
  },
  {
    spec: '§4.3',
    what: '`active` for tenants that do not search by status',
    reason:
      "available only for tenants configured to search status: ORG-ACTIVE runs with STATUS_SEARCH=true or the probes file's organization.statusSearch (probes draft detects it)",
  },
  {
    spec: '§2.4',
    what: 'the meaning and allowed values of most attributes',
    reason: 'not shown: values beyond the observed ones are recorded (OBS-CODED-VALUES)',
  },
  {
    spec: '§5',
    what: 'authentication scheme, credentials and headers',
    reason: 'not shown: the harness sends the configured credentials and judges nothing about them',
  },
  { spec: '§6', what: 'events, webhooks and notifications', reason: 'not shown' },
  {
    spec: '§8',
    what: 'rate limits, request size limits and time-outs',
    reason: 'not shown: a rate limit met is recorded (OBS-RATE-LIMITED)',
  },
  { spec: '§9', what: 'versioning scheme and deprecation policy', reason: 'not shown' },
];

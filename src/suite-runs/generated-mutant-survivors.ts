/**
 * Every generated mutant that survives run and explore (scripts/generated-mutants.ts), classified
 * once, by its key (file, mutator, code → replacement):
 *   - `latitude`: a choice the specification leaves open, the point of the latitude
 *     (src/reference/scenarios/latitude.ts, as `serve --latitude` takes it) that makes the same choice;
 *   - `silent`: a choice the specification leaves open (the section) that no point of the latitude
 *     makes yet: a malformed or unknown query answered otherwise, an error body's words;
 *   - `unseen`: a change no client can see (the same answers to every request), with why;
 *   - `missed`: a fault of the specification the harness does not find, with the section it breaks.
 * Only `missed` counts against the score; each of the others says why it is no fault.
 */
export type SurvivorClass = { latitude: string; why: string } | { silent: string; why: string } | { unseen: string } | { missed: string };

export const SURVIVORS: Readonly<Record<string, SurvivorClass>> = {
  'src/reference/bundle.ts Regex: /Z$/ → /Z/': { unseen: 'toISOString ends in its one Z: /Z/ and /Z$/ replace the same' },
  "src/reference/bundle.ts ArrayDeclaration: [{ relation: 'self', url: requestUrl.href }] → []": {
    silent: '§2.5',
    why: 'link is an array of relation and url; no relation is required of it',
  },
  'src/reference/bundle.ts EqualityOperator: start + page.size < matches.length → start + page.size <= matches.length': {
    silent: '§2.5, §4.3 r4',
    why: 'a next link on a last page that is exactly full leads to an empty page: the meaning of next is not shown',
  },
  'src/reference/inverted-index.ts ConditionalExpression: at < ids.length → true': {
    unseen: 'past the end the read is undefined, never the id sought',
  },
  'src/reference/inverted-index.ts EqualityOperator: at < ids.length → at <= ids.length': {
    unseen: 'past the end the read is undefined, never the id sought',
  },
  "src/reference/inverted-index.ts ConditionalExpression: value === '' → false": {
    unseen: 'an empty value is refused (400) before any search, so none is ever looked up',
  },
  'src/reference/inverted-index.ts StringLiteral: \'\' → "Stryker was here!"': {
    unseen: 'an empty value is refused (400) before any search, so none is ever looked up',
  },
  'src/reference/inverted-index.ts OptionalChaining: this.data.get(key)?.values → this.data.get(key).values': {
    unseen: 'valuesOf reads only keys every record posts to',
  },
  'src/reference/inverted-index.ts ArrayDeclaration: [] → ["Stryker was here"]': {
    unseen: 'valuesOf reads only keys every record posts to',
  },
  'src/reference/inverted-index.ts ConditionalExpression: !postings → false': {
    unseen: 'every facet key is posted by every record: only an unknown key lacks postings, and none is asked',
  },
  'src/reference/inverted-index.ts ConditionalExpression: criteria.length === 0 → false': {
    unseen: 'no search reaches the index without a criterion: the routes refuse it first',
  },
  'src/reference/inverted-index.ts MethodExpression: lists.sort((a, b) => a.length - b.length) → lists': {
    unseen: 'an intersection is the same set whatever the order its lists are read in',
  },
  'src/reference/inverted-index.ts ArrowFunction: (a, b) => a.length - b.length → () => undefined': {
    unseen: 'an intersection is the same set whatever the order its lists are read in',
  },
  'src/reference/inverted-index.ts ArithmeticOperator: a.length - b.length → a.length + b.length': {
    unseen: 'an intersection is the same set whatever the order its lists are read in',
  },
  'src/reference/inverted-index.ts ConditionalExpression: rest.length === 0 → false': {
    unseen: 'an intersection is the same set whatever the order its lists are read in',
  },
  "src/reference/inverted-index.ts MethodExpression: value.replace(/,/g, ' ').trim() → value.replace(/,/g, ' ')": {
    latitude: 'value-matching=whitespace-significant',
    why: 'surrounding spaces of values count',
  },
  'src/reference/inverted-index.ts StringLiteral: \' \' → ""': {
    silent: '§4.1 r5',
    why: 'how commas and runs of spaces inside a value compare is not shown',
  },
  'src/reference/inverted-index.ts Regex: /\\s+/g → /\\s/g': {
    silent: '§4.1 r5',
    why: 'how commas and runs of spaces inside a value compare is not shown',
  },
  'src/reference/organization-index.ts ArrowFunction: (zip) => zip.slice(0, 5) → () => undefined': {
    silent: '§4.3',
    why: 'whether a 5-digit postal code matches a ZIP+4 is not shown (a form whose effect is open)',
  },
  'src/reference/organization-index.ts MethodExpression: zip.slice(0, 5) → zip': {
    silent: '§4.3',
    why: 'whether a 5-digit postal code matches a ZIP+4 is not shown (a form whose effect is open)',
  },
  "src/reference/organization-index.ts MethodExpression: (organization.telecom ?? []).filter((t) => t.system === 'phone') → organization.telecom ?? []":
    {
      missed:
        "phone matches a fax number too: an entry whose only match is a fax answers a phone search (§4.3: phone, the organization phone number); no generated phone is another organization's fax",
    },
  'src/reference/organization-index.ts ArrayDeclaration: [] → ["Stryker was here"]': {
    unseen: 'an organization lacking telecom holds the value "Stryker was here": only a search for it sees it',
  },
  "src/reference/organization-index.ts ConditionalExpression: t.system === 'phone' → true": {
    missed:
      "phone matches a fax number too: an entry whose only match is a fax answers a phone search (§4.3: phone, the organization phone number); no generated phone is another organization's fax",
  },
  'src/reference/organization-index.ts ArrayDeclaration: [] → ["Stryker was here"] (2)': {
    unseen: 'a fallback or a start value every record overwrites',
  },
  'src/reference/organization-index.ts EqualityOperator: bar < 0 → bar <= 0': {
    unseen: 'an identifier value that starts with | is refused as no system and no value alike',
  },
  'src/reference/organization-index.ts BlockStatement: { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; } → {}': {
    latitude: 'entry-order=reversed',
    why: 'entries in another order, the same on every page (§4.3 r3)',
  },
  'src/reference/organization-index.ts ConditionalExpression: a.id < b.id → true': {
    latitude: 'entry-order=reversed',
    why: 'entries in another order, the same on every page (§4.3 r3)',
  },
  'src/reference/organization-index.ts ConditionalExpression: a.id < b.id → false': {
    latitude: 'entry-order=reversed',
    why: 'entries in another order, the same on every page (§4.3 r3)',
  },
  'src/reference/organization-index.ts EqualityOperator: a.id < b.id → a.id <= b.id': {
    latitude: 'entry-order=reversed',
    why: 'entries in another order, the same on every page (§4.3 r3)',
  },
  'src/reference/organization-index.ts EqualityOperator: a.id < b.id → a.id >= b.id': {
    latitude: 'entry-order=reversed',
    why: 'entries in another order, the same on every page (§4.3 r3)',
  },
  'src/reference/organization-index.ts UnaryOperator: -1 → +1': {
    latitude: 'entry-order=reversed',
    why: 'entries in another order, the same on every page (§4.3 r3)',
  },
  'src/reference/organization-index.ts ConditionalExpression: a.id > b.id → true': {
    latitude: 'entry-order=reversed',
    why: 'entries in another order, the same on every page (§4.3 r3)',
  },
  'src/reference/organization-index.ts ConditionalExpression: a.id > b.id → false': {
    latitude: 'entry-order=reversed',
    why: 'entries in another order, the same on every page (§4.3 r3)',
  },
  'src/reference/organization-index.ts EqualityOperator: a.id > b.id → a.id >= b.id': {
    latitude: 'entry-order=reversed',
    why: 'entries in another order, the same on every page (§4.3 r3)',
  },
  'src/reference/organization-index.ts EqualityOperator: a.id > b.id → a.id <= b.id': {
    latitude: 'entry-order=reversed',
    why: 'entries in another order, the same on every page (§4.3 r3)',
  },
  'src/reference/organization-index.ts MethodExpression: [...organizations].sort(byId) → [...organizations]': {
    latitude: 'entry-order=reversed',
    why: 'entries in another order, the same on every page (§4.3 r3)',
  },
  'src/reference/organization-index.ts ArrayDeclaration: [] → ["Stryker was here"] (3)': {
    unseen: 'a fallback or a start value every record overwrites',
  },
  'src/reference/organization-index.ts ArrayDeclaration: [] → ["Stryker was here"] (4)': {
    unseen: 'a fallback or a start value every record overwrites',
  },
  'src/reference/organization-index.ts BlockStatement: { return this.organizations.length; } → {}': {
    unseen: 'a branch no route reaches: a search always has a filter',
  },
  "src/reference/organization-index.ts ConditionalExpression: filter === 'identifier' → true": {
    unseen: 'the text filters are checked again, or an equal shortcut taken: the same answer',
  },
  'src/reference/organization-index.ts ConditionalExpression: text.length > 0 → true': {
    unseen: 'the text filters are checked again, or an equal shortcut taken: the same answer',
  },
  'src/reference/organization-index.ts ConditionalExpression: text.length > 0 → false': {
    unseen: 'the text filters are checked again, or an equal shortcut taken: the same answer',
  },
  'src/reference/organization-index.ts EqualityOperator: text.length > 0 → text.length >= 0': {
    unseen: 'the text filters are checked again, or an equal shortcut taken: the same answer',
  },
  'src/reference/organization-index.ts EqualityOperator: text.length > 0 → text.length <= 0': {
    unseen: 'the text filters are checked again, or an equal shortcut taken: the same answer',
  },
  "src/reference/organization-index.ts ConditionalExpression: !value.includes(' ') → false": {
    unseen: 'the text filters are checked again, or an equal shortcut taken: the same answer',
  },
  'src/reference/organization-index.ts StringLiteral: \' \' → "" (2)': {
    unseen: 'the text filters are checked again, or an equal shortcut taken: the same answer',
  },
  'src/reference/organization-index.ts MethodExpression: text.slice(1) → text': {
    unseen: 'the text filters are checked again, or an equal shortcut taken: the same answer',
  },
  'src/reference/organization-index.ts ObjectLiteral: { length: this.organizations.length } → {}': {
    unseen: 'a branch no route reaches: a search always has a filter',
  },
  'src/reference/organization-index.ts ArrowFunction: (_, id) => id → () => undefined': {
    unseen: 'a branch no route reaches: a search always has a filter',
  },
  'src/reference/organization-index.ts ConditionalExpression: unchecked.length === 0 → false': {
    unseen: 'the text filters are checked again, or an equal shortcut taken: the same answer',
  },
  'src/reference/organization-index.ts MethodExpression: this.texts[filter][id].some((t) => t.includes(` ${value}`)) → this.texts[filter][id].every(t => t.includes(` ${value}`))':
    {
      missed:
        'a name or address filter must hold in every text of an organization: one with two names is not found by one (§4.3: all records matching)',
    },
  'src/reference/organization-index.ts MethodExpression: words[end].startsWith(prefix) → words[end].endsWith(prefix)': {
    latitude: 'value-matching=whole-words',
    why: 'a one-word value matches whole words only',
  },
  'src/reference/organization-index.ts ConditionalExpression: end - start === 1 → false': {
    unseen: 'the general path gives the same candidates',
  },
  'src/reference/organization-index.ts ArithmeticOperator: end - start → end + start': {
    unseen: 'the general path gives the same candidates',
  },
  'src/reference/organization-index.ts ConditionalExpression: i < end → false': {
    missed:
      'a text value whose first letters begin several words of the directory is looked up wrongly (none, or never answered): explore asks it now (sharedFirstLetters) and gets no organization, which one reading allows (§4.3 leaves open how part of a word matches); what shows it is a relation between readings the harness lacks: a prefix that matched the organizations of one word it begins matches those of the others',
  },
  'src/reference/organization-index.ts StringLiteral: `${filter}:word` → `` (3)': {
    missed:
      'a text value whose first letters begin several words of the directory is looked up wrongly (none, or never answered): explore asks it now (sharedFirstLetters) and gets no organization, which one reading allows (§4.3 leaves open how part of a word matches); what shows it is a relation between readings the harness lacks: a prefix that matched the organizations of one word it begins matches those of the others',
  },
  'src/reference/organization-index.ts ConditionalExpression: id < marks.length → false': {
    missed:
      'a text value whose first letters begin several words of the directory is looked up wrongly (none, or never answered): explore asks it now (sharedFirstLetters) and gets no organization, which one reading allows (§4.3 leaves open how part of a word matches); what shows it is a relation between readings the harness lacks: a prefix that matched the organizations of one word it begins matches those of the others',
  },
  'src/reference/organization-index.ts EqualityOperator: id < marks.length → id <= marks.length': {
    missed:
      'a text value whose first letters begin several words of the directory is looked up wrongly (none, or never answered): explore asks it now (sharedFirstLetters) and gets no organization, which one reading allows (§4.3 leaves open how part of a word matches); what shows it is a relation between readings the harness lacks: a prefix that matched the organizations of one word it begins matches those of the others',
  },
  'src/reference/organization-index.ts EqualityOperator: id < marks.length → id >= marks.length': {
    missed:
      'a text value whose first letters begin several words of the directory is looked up wrongly (none, or never answered): explore asks it now (sharedFirstLetters) and gets no organization, which one reading allows (§4.3 leaves open how part of a word matches); what shows it is a relation between readings the harness lacks: a prefix that matched the organizations of one word it begins matches those of the others',
  },
  'src/reference/organization-index.ts ConditionalExpression: marks[id] → false': {
    missed:
      'a text value whose first letters begin several words of the directory is looked up wrongly (none, or never answered): explore asks it now (sharedFirstLetters) and gets no organization, which one reading allows (§4.3 leaves open how part of a word matches); what shows it is a relation between readings the harness lacks: a prefix that matched the organizations of one word it begins matches those of the others',
  },
  'src/reference/provider-index.ts StringLiteral: \'FirstName+LastName\' → ""': {
    unseen: 'the index and the criteria name the facet by the same constant',
  },
  'src/reference/provider-index.ts BlockStatement: { const value = data[name]; return Array.isArray(value) ? value.filter((item): item is string => ty… → {}':
    { silent: '§2.4, §4.1', why: 'Carrier: no attribute of §2.4 holds a carrier, so what it matches is open (the parameter table)' },
  "src/reference/provider-index.ts MethodExpression: value.filter((item): item is string => typeof item === 'string') → value": {
    silent: '§2.4, §4.1',
    why: 'Carrier: no attribute of §2.4 holds a carrier, so what it matches is open (the parameter table)',
  },
  "src/reference/provider-index.ts ArrowFunction: (item): item is string => typeof item === 'string' → () => undefined": {
    silent: '§2.4, §4.1',
    why: 'Carrier: no attribute of §2.4 holds a carrier, so what it matches is open (the parameter table)',
  },
  "src/reference/provider-index.ts ConditionalExpression: typeof item === 'string' → true": {
    silent: '§2.4, §4.1',
    why: 'Carrier: no attribute of §2.4 holds a carrier, so what it matches is open (the parameter table)',
  },
  "src/reference/provider-index.ts ConditionalExpression: typeof item === 'string' → false": {
    silent: '§2.4, §4.1',
    why: 'Carrier: no attribute of §2.4 holds a carrier, so what it matches is open (the parameter table)',
  },
  "src/reference/provider-index.ts EqualityOperator: typeof item === 'string' → typeof item !== 'string'": {
    silent: '§2.4, §4.1',
    why: 'Carrier: no attribute of §2.4 holds a carrier, so what it matches is open (the parameter table)',
  },
  'src/reference/provider-index.ts StringLiteral: \'string\' → ""': {
    silent: '§2.4, §4.1',
    why: 'Carrier: no attribute of §2.4 holds a carrier, so what it matches is open (the parameter table)',
  },
  'src/reference/provider-index.ts ArrayDeclaration: [] → ["Stryker was here"]': {
    unseen: 'a record lacking the attribute holds the value "Stryker was here": only a search for it sees it',
  },
  'src/reference/provider-index.ts ArrayDeclaration: [] → ["Stryker was here"] (2)': {
    unseen: 'a record lacking the attribute holds the value "Stryker was here": only a search for it sees it',
  },
  'src/reference/provider-index.ts ArrayDeclaration: [] → ["Stryker was here"] (3)': {
    unseen: 'a record lacking the attribute holds the value "Stryker was here": only a search for it sees it',
  },
  'src/reference/provider-index.ts ArrayDeclaration: [] → ["Stryker was here"] (4)': {
    unseen: 'a record lacking the attribute holds the value "Stryker was here": only a search for it sees it',
  },
  'src/reference/provider-index.ts ArrayDeclaration: [] → ["Stryker was here"] (5)': {
    unseen: 'a record lacking the attribute holds the value "Stryker was here": only a search for it sees it',
  },
  'src/reference/provider-index.ts ArrayDeclaration: [] → ["Stryker was here"] (6)': {
    unseen: 'a record lacking the attribute holds the value "Stryker was here": only a search for it sees it',
  },
  'src/reference/provider-index.ts ArrayDeclaration: [] → ["Stryker was here"] (7)': {
    unseen: 'a record lacking the attribute holds the value "Stryker was here": only a search for it sees it',
  },
  'src/reference/provider-index.ts ArrowFunction: (a) => a.AddressLine1 → () => undefined': {
    silent: '§4.1',
    why: 'StreetAddress: which address lines it matches is open (the parameter table)',
  },
  "src/reference/provider-index.ts ArrowFunction: (a) => normalize([...(a.AddressLine1 ?? []), ...(a.AddressLine2 ?? [])].join(' ')) → () => undefined":
    { silent: '§4.1', why: 'StreetAddress: which address lines it matches is open (the parameter table)' },
  'src/reference/provider-index.ts ArrayDeclaration: [...(a.AddressLine1 ?? []), ...(a.AddressLine2 ?? [])] → []': {
    silent: '§4.1',
    why: 'StreetAddress: which address lines it matches is open (the parameter table)',
  },
  'src/reference/provider-index.ts LogicalOperator: a.AddressLine1 ?? [] → a.AddressLine1 && []': {
    silent: '§4.1',
    why: 'StreetAddress: which address lines it matches is open (the parameter table)',
  },
  'src/reference/provider-index.ts ArrayDeclaration: [] → ["Stryker was here"] (8)': {
    unseen: 'a record lacking the attribute holds the value "Stryker was here": only a search for it sees it',
  },
  'src/reference/provider-index.ts LogicalOperator: a.AddressLine2 ?? [] → a.AddressLine2 && []': {
    silent: '§4.1',
    why: 'StreetAddress: which address lines it matches is open (the parameter table)',
  },
  'src/reference/provider-index.ts ArrayDeclaration: [] → ["Stryker was here"] (9)': {
    unseen: 'a record lacking the attribute holds the value "Stryker was here": only a search for it sees it',
  },
  'src/reference/provider-index.ts StringLiteral: \' \' → ""': {
    silent: '§4.1',
    why: 'StreetAddress: which address lines it matches is open (the parameter table)',
  },
  'src/reference/provider-index.ts ArrowFunction: (a) => a.AddressState → () => undefined': {
    unseen:
      "every AddressState of the reference directory is also one of its record's State values: no search tells State with address states from State alone (another directory would; the own values read both)",
  },
  'src/reference/provider-index.ts ArrowFunction: (zip) => zip.slice(0, 5) → () => undefined': {
    silent: '§4.1',
    why: 'whether a 5-digit Zip matches a ZIP+4 is not shown (a form whose effect is open)',
  },
  'src/reference/provider-index.ts MethodExpression: zip.slice(0, 5) → zip': {
    silent: '§4.1',
    why: 'whether a 5-digit Zip matches a ZIP+4 is not shown (a form whose effect is open)',
  },
  'src/reference/provider-index.ts ArrowFunction: (a) => a.AddressPhone → () => undefined': {
    silent: '§4.1',
    why: 'Phone: an address phone is matched, not required (the parameter table)',
  },
  'src/reference/provider-index.ts ArrowFunction: (o) => o.OtherIdentifierType → () => undefined': {
    silent: '§2.4, §4.1',
    why: 'OtherIdentifierType, OtherIdentifierNumber, Carrier, LicenseSource: which attribute each matches is open (the parameter table)',
  },
  'src/reference/provider-index.ts ArrowFunction: (o) => o.OtherIdentifierNumber → () => undefined': {
    silent: '§2.4, §4.1',
    why: 'OtherIdentifierType, OtherIdentifierNumber, Carrier, LicenseSource: which attribute each matches is open (the parameter table)',
  },
  'src/reference/provider-index.ts StringLiteral: \'Carrier\' → ""': {
    silent: '§2.4, §4.1',
    why: 'OtherIdentifierType, OtherIdentifierNumber, Carrier, LicenseSource: which attribute each matches is open (the parameter table)',
  },
  "src/reference/provider-index.ts ArrayDeclaration: [licenses.length > 0 ? 'TRUE' : 'FALSE'] → []": {
    silent: '§4.1',
    why: 'LicenseStatus True or False: what it matches is not shown (the parameter table)',
  },
  'src/reference/provider-index.ts ConditionalExpression: licenses.length > 0 → true': {
    silent: '§4.1',
    why: 'LicenseStatus True or False: what it matches is not shown (the parameter table)',
  },
  'src/reference/provider-index.ts ConditionalExpression: licenses.length > 0 → false': {
    silent: '§4.1',
    why: 'LicenseStatus True or False: what it matches is not shown (the parameter table)',
  },
  'src/reference/provider-index.ts EqualityOperator: licenses.length > 0 → licenses.length >= 0': {
    silent: '§4.1',
    why: 'LicenseStatus True or False: what it matches is not shown (the parameter table)',
  },
  'src/reference/provider-index.ts EqualityOperator: licenses.length > 0 → licenses.length <= 0': {
    silent: '§4.1',
    why: 'LicenseStatus True or False: what it matches is not shown (the parameter table)',
  },
  'src/reference/provider-index.ts StringLiteral: \'TRUE\' → ""': {
    silent: '§4.1',
    why: 'LicenseStatus True or False: what it matches is not shown (the parameter table)',
  },
  'src/reference/provider-index.ts StringLiteral: \'FALSE\' → ""': {
    silent: '§4.1',
    why: 'LicenseStatus True or False: what it matches is not shown (the parameter table)',
  },
  'src/reference/provider-index.ts ArrowFunction: (t) => t.TaxonomyState → () => undefined': {
    silent: '§2.4, §4.1',
    why: 'OtherIdentifierType, OtherIdentifierNumber, Carrier, LicenseSource: which attribute each matches is open (the parameter table)',
  },
  'src/reference/provider-index.ts BlockStatement: { return this.stored.length; } → {}': {
    unseen: 'size, records() and matching() serve the tooling, never a route',
  },
  'src/reference/provider-index.ts BlockStatement: { for (let id = 0; id < this.stored.length; id++) yield this.stored.at(id); } → {}': {
    unseen: 'size, records() and matching() serve the tooling, never a route',
  },
  'src/reference/provider-index.ts ConditionalExpression: id < this.stored.length → false': {
    unseen: 'size, records() and matching() serve the tooling, never a route',
  },
  'src/reference/provider-index.ts EqualityOperator: id < this.stored.length → id <= this.stored.length': {
    unseen: 'size, records() and matching() serve the tooling, never a route',
  },
  'src/reference/provider-index.ts EqualityOperator: id < this.stored.length → id >= this.stored.length': {
    unseen: 'size, records() and matching() serve the tooling, never a route',
  },
  'src/reference/provider-index.ts UpdateOperator: id++ → id--': {
    unseen: 'size, records() and matching() serve the tooling, never a route',
  },
  'src/reference/provider-index.ts BlockStatement: { return Array.from(this.index.matchAll(criteria(parameters)), (id) => this.stored.at(id)); } → {}':
    { unseen: 'size, records() and matching() serve the tooling, never a route' },
  'src/reference/provider-index.ts ArrowFunction: (id) => this.stored.at(id) → () => undefined': {
    unseen: 'size, records() and matching() serve the tooling, never a route',
  },
  "src/reference/provider-index.ts ObjectLiteral: { kind: 'none' } → {}": {
    silent: '§4.1 r7',
    why: 'a search that matches nothing answered 200 with no body: the answer is not shown, and a body that is not there is no JSON to judge (HTTP-JSON judges answers that carry one)',
  },
  'src/reference/provider-index.ts StringLiteral: \'none\' → ""': {
    silent: '§4.1 r7',
    why: 'a search that matches nothing answered 200 with no body: the answer is not shown, and a body that is not there is no JSON to judge (HTTP-JSON judges answers that carry one)',
  },
  'src/reference/provider-index.ts StringLiteral: \'unique\' → ""': {
    unseen: "the route tells unique from the others by 'none' and 'ambiguous' alone",
  },
  'src/reference/provider-index.ts ConditionalExpression: optional.length === 0 → false': {
    unseen: 'every() over no optional parameter keeps every candidate, as the shortcut did',
  },
  'src/reference/provider-index.ts MethodExpression: optional.every(([key, value]) => this.index.has(id, key, value)) → optional.some(([key, value]) => this.index.has(id, key, value))':
    { silent: '§4.1 r2', why: 'how several optional parameters narrow together is not shown' },
  'src/reference/provider-index.ts StringLiteral: \'unique\' → "" (2)': {
    unseen: "the route tells unique from the others by 'none' and 'ambiguous' alone",
  },
  'src/reference/provider-index.ts ObjectLiteral: { length: candidates.length, at: (position) => this.stored.at(candidates[position]) } → {}':
    { unseen: "the reference's ambiguity answer reads no candidate" },
  'src/reference/provider-index.ts ArrowFunction: (position) => this.stored.at(candidates[position]) → () => undefined': {
    unseen: "the reference's ambiguity answer reads no candidate",
  },
  'src/reference/query.ts BlockStatement: { return undefined; } → {}': { unseen: 'the block returned undefined; an empty block does too' },
  'src/reference/query.ts ConditionalExpression: equals < 0 → false': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts EqualityOperator: equals < 0 → equals <= 0': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts ConditionalExpression: equals < 0 → false (2)': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts EqualityOperator: equals < 0 → equals <= 0 (2)': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts StringLiteral: \'\' → "Stryker was here!" (2)': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts ConditionalExpression: name === undefined || value === undefined → false': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts LogicalOperator: name === undefined || value === undefined → name === undefined && value === undefined': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts ConditionalExpression: name === undefined → false': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts ConditionalExpression: value === undefined → false': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts BlockStatement: { (query[MALFORMED] ??= []).push(name ?? rawName); continue; } → {}': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts AssignmentOperator: query[MALFORMED] ??= [] → query[MALFORMED] &&= []': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts ArrayDeclaration: [] → ["Stryker was here"]': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts LogicalOperator: name ?? rawName → name && rawName': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts ConditionalExpression: previous === undefined → true': {
    latitude: 'input-strictness=lenient',
    why: 'a repeated parameter read as its last, not refused (§4, §7: the answer is not shown)',
  },
  'src/reference/query.ts ArrayDeclaration: [...(Array.isArray(previous) ? previous : [previous]), value] → []': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts ArrayDeclaration: [previous] → []': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts MethodExpression: name.toLowerCase() → name.toUpperCase()': {
    unseen: 'folding names to upper case folds them as lower case does',
  },
  "src/reference/query.ts BlockStatement: { if (value.length > MAX_VALUE_LENGTH) throw new RequestError(400, 'value-too-long', `${what} is lo… → {}":
    {
      silent: '§4, §7',
      why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
    },
  'src/reference/query.ts ConditionalExpression: value.length > MAX_VALUE_LENGTH → false': {
    latitude: 'input-strictness=lenient',
    why: 'an over-long value searched as it is, not refused (§4, §7: the answer is not shown)',
  },
  'src/reference/query.ts EqualityOperator: value.length > MAX_VALUE_LENGTH → value.length >= MAX_VALUE_LENGTH': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts StringLiteral: \'value-too-long\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/query.ts StringLiteral: `${what} is longer than ${MAX_VALUE_LENGTH} characters` → ``': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/query.ts ConditionalExpression: CONTROL_CHARACTER.test(value) → false': {
    latitude: 'input-strictness=lenient',
    why: 'a value with a control character searched as it is, not refused (§4, §7: the answer is not shown)',
  },
  'src/reference/query.ts StringLiteral: \'invalid-character\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/query.ts StringLiteral: `${what} contains a control character` → ``': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/query.ts StringLiteral: \'malformed-encoding\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/query.ts StringLiteral: `query parameter "${printable(malformed[0])}" is not valid percent-encoding` → ``': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/query.ts ConditionalExpression: !isKnown(name) → false': {
    latitude: 'input-strictness=lenient',
    why: 'an unknown parameter skipped by the route, not refused (§4, §7: the answer is not shown)',
  },
  'src/reference/query.ts StringLiteral: \'unknown-parameter\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/query.ts StringLiteral: `unknown query parameter "${printable(name)}" (parameter names are case-sensitive)` → ``': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  "src/reference/query.ts ConditionalExpression: typeof value !== 'string' → false": {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts StringLiteral: \'repeated-parameter\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/query.ts StringLiteral: `query parameter "${name}" is given more than once` → ``': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  "src/reference/query.ts ConditionalExpression: value.trim() === '' → false": {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts MethodExpression: value.trim() → value': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts StringLiteral: \'\' → "Stryker was here!" (3)': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  'src/reference/query.ts StringLiteral: \'empty-parameter\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/query.ts StringLiteral: `query parameter "${name}" has no value` → ``': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/query.ts StringLiteral: `query parameter "${name}"` → ``': {
    silent: '§7',
    why: 'an error code or message text: error bodies are not shown',
  },
  'src/reference/query.ts BlockStatement: { const shown = JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}…` : value); return shown.… → {}':
    { silent: '§7', why: 'how a refused value is echoed in an error message' },
  'src/reference/query.ts ConditionalExpression: value.length > 64 → true': {
    silent: '§7',
    why: 'how a refused value is echoed in an error message',
  },
  'src/reference/query.ts ConditionalExpression: value.length > 64 → false': {
    silent: '§7',
    why: 'how a refused value is echoed in an error message',
  },
  'src/reference/query.ts EqualityOperator: value.length > 64 → value.length >= 64': {
    silent: '§7',
    why: 'how a refused value is echoed in an error message',
  },
  'src/reference/query.ts EqualityOperator: value.length > 64 → value.length <= 64': {
    silent: '§7',
    why: 'how a refused value is echoed in an error message',
  },
  'src/reference/query.ts StringLiteral: `${value.slice(0, 64)}…` → ``': {
    silent: '§7',
    why: 'how a refused value is echoed in an error message',
  },
  'src/reference/query.ts MethodExpression: value.slice(0, 64) → value': {
    silent: '§7',
    why: 'how a refused value is echoed in an error message',
  },
  'src/reference/query.ts MethodExpression: shown.slice(1, -1) → shown': {
    silent: '§7',
    why: 'how a refused value is echoed in an error message',
  },
  'src/reference/query.ts UnaryOperator: -1 → +1': { silent: '§7', why: 'how a refused value is echoed in an error message' },
  'src/reference/routes/organization-search.ts ConditionalExpression: !/^[0-9]+$/.test(raw) || !Number.isSafeInteger(value) || value < least → false':
    { silent: '§4.3, §7', why: 'Count or Page that is no whole number at least the first: the answer is not shown' },
  'src/reference/routes/organization-search.ts LogicalOperator: !/^[0-9]+$/.test(raw) || !Number.isSafeInteger(value) || value < least → (!/^[0-9]+$/.test(raw) || !Number.isSafeInteger(value)) && value < least':
    { silent: '§4.3, §7', why: 'Count or Page that is no whole number at least the first: the answer is not shown' },
  'src/reference/routes/organization-search.ts ConditionalExpression: !/^[0-9]+$/.test(raw) || !Number.isSafeInteger(value) → false': {
    silent: '§4.3, §7',
    why: 'Count or Page that is no whole number at least the first: the answer is not shown',
  },
  'src/reference/routes/organization-search.ts LogicalOperator: !/^[0-9]+$/.test(raw) || !Number.isSafeInteger(value) → !/^[0-9]+$/.test(raw) && !Number.isSafeInteger(value)':
    { silent: '§4.3, §7', why: 'Count or Page that is no whole number at least the first: the answer is not shown' },
  'src/reference/routes/organization-search.ts Regex: /^[0-9]+$/ → /[0-9]+$/': {
    silent: '§4.3, §7',
    why: 'Count or Page that is no whole number at least the first: the answer is not shown',
  },
  'src/reference/routes/organization-search.ts Regex: /^[0-9]+$/ → /^[0-9]+/': {
    silent: '§4.3, §7',
    why: 'Count or Page that is no whole number at least the first: the answer is not shown',
  },
  'src/reference/routes/organization-search.ts ConditionalExpression: value < least → false': {
    silent: '§4.3, §7',
    why: 'Count or Page that is no whole number at least the first: the answer is not shown',
  },
  'src/reference/routes/organization-search.ts StringLiteral: \'invalid-parameter\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/routes/organization-search.ts StringLiteral: `${name} must be a whole number of at least ${least}, got "${raw.slice(0, 32)}"` → ``':
    { silent: '§7', why: 'an error code or message text: error bodies are not shown' },
  'src/reference/routes/organization-search.ts MethodExpression: raw.slice(0, 32) → raw': {
    silent: '§7',
    why: 'an error code or message text: error bodies are not shown',
  },
  'src/reference/routes/organization-search.ts ConditionalExpression: used === null → false': {
    unseen:
      "the reference's own hooks never take that branch (its search value is never null, its page window never an answer, its bundle and filters ignore the context)",
  },
  "src/reference/routes/organization-search.ts ObjectLiteral: { config: { errorBody: 'fhir' } } → {}": {
    latitude: 'error-words=problem-json',
    why: 'a refusal under /fhir in a body of another shape than an OperationOutcome: §7 shows no error body',
  },
  "src/reference/routes/organization-search.ts ObjectLiteral: { errorBody: 'fhir' } → {}": {
    latitude: 'error-words=problem-json',
    why: 'a refusal under /fhir in a body of another shape than an OperationOutcome: §7 shows no error body',
  },
  'src/reference/routes/organization-search.ts StringLiteral: \'fhir\' → ""': {
    latitude: 'error-words=problem-json',
    why: 'a refusal under /fhir in a body of another shape than an OperationOutcome: §7 shows no error body',
  },
  'src/reference/routes/organization-search.ts ConditionalExpression: canonical(name) !== undefined → true': {
    latitude: 'input-strictness=lenient',
    why: 'an unknown parameter skipped, not refused (§4, §7: the answer is not shown)',
  },
  'src/reference/routes/organization-search.ts StringLiteral: \'required\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  "src/reference/routes/organization-search.ts StringLiteral: `give at least one search parameter (§4.3, §8): ${ORGANIZATION_FILTERS.join(', ')}` → ``":
    { silent: '§7', why: 'an error code or message text: error bodies are not shown' },
  'src/reference/routes/organization-search.ts StringLiteral: \', \' → ""': {
    silent: '§7',
    why: 'an error code or message text: error bodies are not shown',
  },
  'src/reference/routes/organization-search.ts ConditionalExpression: given.active !== undefined && !/^(true|false)$/.test(given.active) → false':
    { silent: '§4.3, §7', why: 'an active value other than true or false: the answer is not shown' },
  'src/reference/routes/organization-search.ts Regex: /^(true|false)$/ → /(true|false)$/': {
    silent: '§4.3, §7',
    why: 'an active value other than true or false: the answer is not shown',
  },
  'src/reference/routes/organization-search.ts Regex: /^(true|false)$/ → /^(true|false)/': {
    silent: '§4.3, §7',
    why: 'an active value other than true or false: the answer is not shown',
  },
  'src/reference/routes/organization-search.ts StringLiteral: \'invalid-parameter\' → "" (2)': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/routes/organization-search.ts StringLiteral: \'active must be true or false (§4.3)\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/routes/organization-search.ts StringLiteral: \'Count\' → ""': {
    silent: '§7',
    why: 'an error code or message text: error bodies are not shown',
  },
  'src/reference/routes/organization-search.ts StringLiteral: \'Page\' → ""': {
    silent: '§7',
    why: 'an error code or message text: error bodies are not shown',
  },
  'src/reference/routes/organization-search.ts LogicalOperator: page ?? 1 → page && 1': {
    unseen:
      "the reference's own hooks never take that branch (its search value is never null, its page window never an answer, its bundle and filters ignore the context)",
  },
  'src/reference/routes/organization-search.ts ArrayDeclaration: [] → ["Stryker was here"]': {
    unseen:
      "the reference's own hooks never take that branch (its search value is never null, its page window never an answer, its bundle and filters ignore the context)",
  },
  'src/reference/routes/organization-search.ts ConditionalExpression: isAnswer(window) → false': {
    unseen:
      "the reference's own hooks never take that branch (its search value is never null, its page window never an answer, its bundle and filters ignore the context)",
  },
  'src/reference/routes/organization-search.ts ObjectLiteral: { ...scenarioContext(ROUTE, request, context), window } → {}': {
    unseen:
      "the reference's own hooks never take that branch (its search value is never null, its page window never an answer, its bundle and filters ignore the context)",
  },
  'src/reference/routes/search-single-best.ts ConditionalExpression: split(name)[0] !== undefined → true': {
    silent: '§4.1, §7',
    why: 'an unknown parameter: the answer is not shown',
  },
  'src/reference/routes/search-single-best.ts ConditionalExpression: compared === null → false': {
    unseen: "the reference's search value is never null",
  },
  'src/reference/routes/search-single-best.ts AssignmentOperator: matchesNothing ||= !optional → matchesNothing &&= !optional': {
    unseen: "the reference's search value is never null",
  },
  'src/reference/routes/search-single-best.ts BooleanLiteral: !optional → optional': {
    unseen: "the reference's search value is never null",
  },
  'src/reference/routes/search-single-best.ts ConditionalExpression: Object.keys(query.required).length === 0 && !matchesNothing → false': {
    silent: '§4.1 r1-r2',
    why: 'a search of dashed parameters alone: its answer is not shown',
  },
  'src/reference/routes/search-single-best.ts BooleanLiteral: !matchesNothing → matchesNothing': {
    silent: '§4.1 r1-r2',
    why: 'a search of dashed parameters alone: its answer is not shown',
  },
  "src/reference/routes/search-single-best.ts BlockStatement: { throw new RequestError(400, 'missing-parameter', 'give at least one search parameter without a tr… → {}":
    { silent: '§4.1 r1-r2', why: 'a search of dashed parameters alone: its answer is not shown' },
  'src/reference/routes/search-single-best.ts StringLiteral: \'missing-parameter\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/routes/search-single-best.ts StringLiteral: \'give at least one search parameter without a trailing dash (§4.1 rule 1)\' → ""':
    { silent: '§7', why: 'an error code or message text: error bodies are not shown' },
  "src/reference/routes/search-single-best.ts ObjectLiteral: { kind: 'none' as const } → {}": {
    unseen: 'kind none is set only for a value the reference never finds unmatchable',
  },
  "src/reference/routes/search-single-best.ts ConditionalExpression: result.kind === 'none' → false": {
    silent: '§4.1 r7',
    why: 'a search that matches nothing answered 200 with no body: the answer is not shown, and a body that is not there is no JSON to judge (HTTP-JSON judges answers that carry one)',
  },
  'src/reference/routes/search-single-best.ts StringLiteral: \'none\' → ""': {
    silent: '§4.1 r7',
    why: 'a search that matches nothing answered 200 with no body: the answer is not shown, and a body that is not there is no JSON to judge (HTTP-JSON judges answers that carry one)',
  },
  'src/reference/routes/search-single-best.ts ObjectLiteral: { ...scenarioContext(ROUTE, request, context), parameters: Object.fromEntries(parameters), } → {}':
    { unseen: "the reference's golden hook ignores the context" },
  'src/reference/routes/source-records.ts ConditionalExpression: Object.keys(request.query as object).length > 0 → false': {
    latitude: 'input-strictness=lenient',
    why: 'query parameters of a lookup skipped, not refused (§4, §7: the answer is not shown)',
  },
  "src/reference/routes/source-records.ts BlockStatement: { throw new RequestError(400, 'unknown-parameter', 'sourceRecords takes no query parameters (§4.2)'… → {}":
    { silent: '§4.2', why: 'query parameters given to sourceRecords, which takes none: the answer is not shown' },
  'src/reference/routes/source-records.ts StringLiteral: \'unknown-parameter\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/routes/source-records.ts StringLiteral: \'sourceRecords takes no query parameters (§4.2)\' → ""': {
    latitude: 'error-words=empty',
    why: "a refusal's code or message in no words: §7 shows no error body",
  },
  'src/reference/routes/source-records.ts StringLiteral: \'the curated ID\' → ""': {
    silent: '§7',
    why: 'an error code or message text: error bodies are not shown',
  },
  'src/reference/routes/source-records.ts ConditionalExpression: !records → false': {
    silent: '§4.2 r3',
    why: 'an unknown curated ID answered 200 with no body: the answer is not shown, and a body that is not there is no JSON to judge (HTTP-JSON judges answers that carry one)',
  },
  'src/reference/scenarios/behaviour.ts StringLiteral: \'text/plain; charset=utf-8\' → ""': {
    silent: '§4.1 r6',
    why: 'the media type of the ambiguity answer is not shown',
  },
  'src/reference/scenarios/behaviour.ts StringLiteral: \'not-found\' → ""': {
    silent: '§7',
    why: 'an error code or message text: error bodies are not shown',
  },
  'src/reference/scenarios/behaviour.ts StringLiteral: \'no provider matches the search\' → ""': {
    silent: '§7',
    why: 'an error code or message text: error bodies are not shown',
  },
  'src/reference/scenarios/behaviour.ts StringLiteral: \'not-found\' → "" (2)': {
    silent: '§7',
    why: 'an error code or message text: error bodies are not shown',
  },
  'src/reference/scenarios/behaviour.ts StringLiteral: \'no golden record has that curated ID\' → ""': {
    silent: '§7',
    why: 'an error code or message text: error bodies are not shown',
  },
  'src/reference/scenarios/behaviour.ts BooleanLiteral: false → true': {
    latitude: 'parameter-name-case=any-case',
    why: 'parameter names in any case',
  },
  'src/reference/query.ts BooleanLiteral: false → true': {
    latitude: 'input-strictness=lenient',
    why: 'every query read leniently: an unknown, empty, repeated or malformed parameter skipped or read as its last, not refused (§4, §7: the answer is not shown)',
  },
  'src/reference/query.ts ConditionalExpression: malformed && !lenient → false': {
    latitude: 'input-strictness=lenient',
    why: 'a parameter of malformed percent-encoding skipped, not refused (§4, §7: the answer is not shown)',
  },
  'src/reference/query.ts BooleanLiteral: !lenient → lenient': {
    latitude: 'input-strictness=lenient',
    why: 'a parameter of malformed percent-encoding skipped, not refused (§4, §7: the answer is not shown)',
  },
  'src/reference/query.ts ConditionalExpression: lenient → true': {
    latitude: 'input-strictness=lenient',
    why: 'every query read leniently: an unknown, empty, repeated or malformed parameter skipped or read as its last, not refused (§4, §7: the answer is not shown)',
  },
  'src/reference/query.ts ConditionalExpression: lenient → false': {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  'src/reference/query.ts BlockStatement: { const last = Array.isArray(value) ? value[value.length - 1] : value; if (isKnown(name) && last.tr… → {}':
    { unseen: 'the lenient branch: the reference behaviour is strict and never takes it' },
  'src/reference/query.ts ArithmeticOperator: value.length - 1 → value.length + 1': {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  "src/reference/query.ts ConditionalExpression: isKnown(name) && last.trim() !== '' → true": {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  "src/reference/query.ts ConditionalExpression: isKnown(name) && last.trim() !== '' → false": {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  "src/reference/query.ts LogicalOperator: isKnown(name) && last.trim() !== '' → isKnown(name) || last.trim() !== ''": {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  "src/reference/query.ts ConditionalExpression: last.trim() !== '' → true": {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  "src/reference/query.ts EqualityOperator: last.trim() !== '' → last.trim() === ''": {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  'src/reference/query.ts MethodExpression: last.trim() → last': {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  'src/reference/query.ts StringLiteral: \'\' → "Stryker was here!" (4)': {
    silent: '§4, §7',
    why: 'a malformed, repeated, unknown, empty, over-long or control-character parameter: the answer to a query the tables do not describe is not shown',
  },
  "src/reference/routes/organization-search.ts BlockStatement: { if (lenient) return undefined; throw new RequestError(400, 'invalid-parameter', `${name} must be … → {}":
    {
      latitude: 'input-strictness=lenient',
      why: 'a Count or Page that is no whole number ignored, not refused (§4.3, §7: the answer is not shown)',
    },
  'src/reference/routes/organization-search.ts ConditionalExpression: lenient → true': {
    latitude: 'input-strictness=lenient',
    why: 'a Count or Page that is no whole number ignored, not refused (§4.3, §7: the answer is not shown)',
  },
  'src/reference/routes/organization-search.ts ConditionalExpression: lenient → false': {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  'src/reference/routes/organization-search.ts ConditionalExpression: behaviour.http.lenientInput === true → true': {
    latitude: 'input-strictness=lenient',
    why: 'every organization search read leniently (§4, §7: the answer is not shown)',
  },
  'src/reference/routes/organization-search.ts ConditionalExpression: behaviour.http.lenientInput === true → false': {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  'src/reference/routes/organization-search.ts EqualityOperator: behaviour.http.lenientInput === true → behaviour.http.lenientInput !== true':
    { latitude: 'input-strictness=lenient', why: 'every organization search read leniently (§4, §7: the answer is not shown)' },
  'src/reference/routes/organization-search.ts BooleanLiteral: true → false': {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  "src/reference/routes/organization-search.ts BlockStatement: { if (!lenient) throw new RequestError(400, 'invalid-parameter', 'active must be true or false (§4.… → {}":
    { silent: '§4.3, §7', why: 'an active value other than true or false: the answer is not shown' },
  'src/reference/routes/organization-search.ts ConditionalExpression: !lenient → true': {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  'src/reference/routes/organization-search.ts BooleanLiteral: !lenient → lenient': {
    latitude: 'input-strictness=lenient',
    why: 'an active value other than true or false ignored, not refused (§4.3, §7: the answer is not shown)',
  },
  'src/reference/routes/organization-search.ts ConditionalExpression: !lenient → false': {
    latitude: 'input-strictness=lenient',
    why: 'an active value other than true or false ignored, not refused (§4.3, §7: the answer is not shown)',
  },
  'src/reference/routes/source-records.ts BooleanLiteral: !behaviour.http.lenientInput → behaviour.http.lenientInput': {
    latitude: 'input-strictness=lenient',
    why: 'a lookup reads its curated ID alone: query parameters and odd IDs skipped, not refused (§4.2, §7: the answer is not shown)',
  },
  'src/reference/routes/source-records.ts ConditionalExpression: !behaviour.http.lenientInput → true': {
    unseen: 'the lenient branch: the reference behaviour is strict and never takes it',
  },
  'src/reference/routes/source-records.ts ConditionalExpression: !behaviour.http.lenientInput → false': {
    latitude: 'input-strictness=lenient',
    why: 'a lookup reads its curated ID alone: query parameters and odd IDs skipped, not refused (§4.2, §7: the answer is not shown)',
  },
  "src/reference/routes/source-records.ts BlockStatement: { if (Object.keys(request.query as object).length > 0) { throw new RequestError(400, 'unknown-param… → {}":
    {
      latitude: 'input-strictness=lenient',
      why: 'a lookup reads its curated ID alone: query parameters and odd IDs skipped, not refused (§4.2, §7: the answer is not shown)',
    },
  'src/reference/scenarios/behaviour.ts ObjectLiteral: { publish: (resource) => resource, extra: () => [] } → {}': {
    silent: '§1',
    why: "the bulk export's contents: §1 names the export and shows none of its behaviour",
  },
  'src/reference/scenarios/behaviour.ts ArrowFunction: (resource) => resource → () => undefined': {
    silent: '§1',
    why: "the bulk export's contents: §1 names the export and shows none of its behaviour",
  },
  'src/reference/scenarios/behaviour.ts ArrowFunction: () => [] → () => undefined': {
    silent: '§1',
    why: "the bulk export's contents: §1 names the export and shows none of its behaviour",
  },
  'src/reference/scenarios/behaviour.ts ArrayDeclaration: [] → ["Stryker was here"]': {
    silent: '§1',
    why: "the bulk export's contents: §1 names the export and shows none of its behaviour",
  },
};

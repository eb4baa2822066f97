/** Schema violations are attributed to the requirement whose rule they break: the schemas' x-requirement annotations. */
import { requirementsReached, routeViolations } from '../../src/rules/schema-routing';
import { SCHEMA, type SchemaPath, type SchemaViolation } from '../../src/schema-validation/validator';
import { expect, test } from './fixtures';

const violation = (location: string, schemaPath = '#/type'): SchemaViolation => ({
  rule: 'r',
  instancePath: location,
  location,
  schemaPath,
  message: 'x',
});

const cases: [SchemaPath, SchemaViolation, string][] = [
  [SCHEMA.goldenRecord, violation(''), 'SB-RECORD-SHAPE'],
  [SCHEMA.goldenRecord, violation('/id'), 'SB-RECORD-SHAPE'],
  [SCHEMA.goldenRecord, violation('/data'), 'SB-RECORD-SHAPE'],
  [SCHEMA.goldenRecord, violation('/data/NPI'), 'DATA-SHAPE'],
  [SCHEMA.goldenRecord, violation('/data/Phone/0', '#/$defs/Phone/pattern'), 'DATA-FORMATS'],
  [SCHEMA.goldenRecord, violation('/data/Address/0/Zip/0', '#/$defs/Zip/pattern'), 'DATA-FORMATS'],
  [SCHEMA.goldenRecord, violation('/data/LastUpdateDate/0', '#/$defs/DirectoryDate/pattern'), 'DATA-FORMATS'],
  [SCHEMA.sourceRecords, violation(''), 'SR-ROOT-ARRAY'],
  [SCHEMA.sourceRecords, violation('/2/index'), 'SR-ELEMENT-SHAPE'],
  [SCHEMA.sourceRecords, violation('/2/data'), 'SR-ELEMENT-SHAPE'],
  [SCHEMA.sourceRecords, violation('/2/data/Gender'), 'DATA-SHAPE'],
  [SCHEMA.sourceRecords, violation('/2/data/Phone/1', '#/$defs/Phone/pattern'), 'DATA-FORMATS'],
  [SCHEMA.bundle, violation('/meta/lastUpdated'), 'ORG-BUNDLE-SHAPE'],
  [SCHEMA.bundle, violation('/total'), 'ORG-BUNDLE-SHAPE'],
  [SCHEMA.bundle, violation('/entry/4/fullUrl'), 'ORG-ENTRY-SHAPE'],
  [SCHEMA.bundle, violation('/entry/4/search'), 'ORG-ENTRY-SHAPE'],
  [SCHEMA.bundle, violation('/entry/4/search/mode'), 'ORG-SEARCH-MODE'],
  [SCHEMA.bundle, violation('/entry/4/resource/resourceType'), 'ORG-ENTRY-SHAPE'],
  [SCHEMA.bundle, violation('/entry/4/resource/telecom/0/system'), 'ORG-RESOURCE-SHAPE'],
  [SCHEMA.bundle, violation('/entry/4/resource/partOf/reference'), 'ORG-PARTOF'],
  [SCHEMA.bundle, violation('/entry/4/resource'), 'ORG-ENTRY-SHAPE'],
  [SCHEMA.bundle, violation('/entry/4/resource/id'), 'ORG-RESOURCE-SHAPE'],
  [SCHEMA.goldenRecord, violation('/data/Address/0/AddressPhone/0'), 'DATA-FORMATS'],
  [SCHEMA.goldenRecord, violation('/data/Address/0'), 'DATA-SHAPE'],
  [SCHEMA.goldenRecord, violation('/data/Phone'), 'DATA-SHAPE'],
  [SCHEMA.sourceRecords, violation('/2'), 'SR-ELEMENT-SHAPE'],
];

for (const [schema, v, id] of cases) {
  test(`${schema} ${v.location || '/'} → ${id}`, { tag: '@fast' }, () => {
    expect([...routeViolations(schema, [v]).keys()]).toEqual([id]);
  });
}

test('a validation judges the requirements of the parts the body has', { tag: '@fast' }, () => {
  expect(requirementsReached(SCHEMA.goldenRecord, { id: 'a', data: 'not an object' }).sort()).toEqual(['SB-RECORD-SHAPE']);
  expect(requirementsReached(SCHEMA.goldenRecord, { id: 'a', data: { NPI: ['1'], Phone: ['6145551234'] } }).sort()).toEqual([
    'DATA-FORMATS',
    'DATA-SHAPE',
    'SB-RECORD-SHAPE',
  ]);
  expect(requirementsReached(SCHEMA.bundle, { entry: [] })).toEqual(['ORG-BUNDLE-SHAPE']);
  const entry = { fullUrl: '/Organization/1', search: { mode: 'match' }, resource: { id: '1', partOf: { reference: '#x' } } };
  expect(requirementsReached(SCHEMA.bundle, { entry: [entry] }).sort()).toEqual([
    'ORG-BUNDLE-SHAPE',
    'ORG-ENTRY-SHAPE',
    'ORG-PARTOF',
    'ORG-RESOURCE-SHAPE',
    'ORG-SEARCH-MODE',
  ]);
});

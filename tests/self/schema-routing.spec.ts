/** Schema violations are attributed to the requirement whose rule they break. */
import { ROUTES, routeViolations } from '../../src/harness/rules/schema-routing';
import type { SchemaViolation } from '../../src/schemas/validator';
import { expect, test } from './fixtures';

const violation = (location: string, schemaPath = '#/type'): SchemaViolation => ({
  rule: 'r',
  instancePath: location,
  location,
  schemaPath,
  message: 'x',
});

const cases: [keyof typeof ROUTES, SchemaViolation, string][] = [
  ['goldenRecord', violation(''), 'SB-RECORD-SHAPE'],
  ['goldenRecord', violation('/id'), 'SB-RECORD-SHAPE'],
  ['goldenRecord', violation('/data'), 'SB-RECORD-SHAPE'],
  ['goldenRecord', violation('/data/NPI'), 'DATA-SHAPE'],
  ['goldenRecord', violation('/data/Phone/0', '#/$defs/Phone/pattern'), 'DATA-FORMATS'],
  ['goldenRecord', violation('/data/Address/0/Zip/0', '#/$defs/Zip/pattern'), 'DATA-FORMATS'],
  ['goldenRecord', violation('/data/LastUpdateDate/0', '#/$defs/DirectoryDate/pattern'), 'DATA-FORMATS'],
  ['sourceRecords', violation(''), 'SR-ROOT-ARRAY'],
  ['sourceRecords', violation('/2/index'), 'SR-ELEMENT-SHAPE'],
  ['sourceRecords', violation('/2/data'), 'SR-ELEMENT-SHAPE'],
  ['sourceRecords', violation('/2/data/Gender'), 'DATA-SHAPE'],
  ['sourceRecords', violation('/2/data/Phone/1', '#/$defs/Phone/pattern'), 'DATA-FORMATS'],
  ['bundle', violation('/meta/lastUpdated'), 'ORG-BUNDLE-SHAPE'],
  ['bundle', violation('/total'), 'ORG-BUNDLE-SHAPE'],
  ['bundle', violation('/entry/4/fullUrl'), 'ORG-ENTRY-SHAPE'],
  ['bundle', violation('/entry/4/search'), 'ORG-ENTRY-SHAPE'],
  ['bundle', violation('/entry/4/search/mode'), 'ORG-SEARCH-MODE'],
  ['bundle', violation('/entry/4/resource/resourceType'), 'ORG-ENTRY-SHAPE'],
  ['bundle', violation('/entry/4/resource/telecom/0/system'), 'ORG-RESOURCE-SHAPE'],
  ['bundle', violation('/entry/4/resource/partOf/reference'), 'ORG-PARTOF'],
];

for (const [routes, v, id] of cases) {
  test(`${routes} ${v.location || '/'} (${v.schemaPath}) → ${id}`, () => {
    expect([...routeViolations(ROUTES[routes], [v]).keys()]).toEqual([id]);
  });
}

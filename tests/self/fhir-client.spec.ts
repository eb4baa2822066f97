/** Real FHIR tooling agrees: a maintained FHIR client pages the organization search to the end. */
import { expect, test } from './fixtures';
import { listening } from './socket-server';

interface Bundle {
  total?: number;
  entry?: { resource: { resourceType: string; id: string } }[];
  link?: { relation: string; url: string }[];
}

test(
  'fhir-kit-client searches organizations and follows next links to the last page, seeing every organization once',
  { tag: '@fast' },
  async ({ directory }) => {
    const { Client } = await import('fhir-kit-client');
    const { server, baseUrl } = await listening(directory);
    try {
      const client = new Client({ baseUrl: `${baseUrl}/fhir` });
      // §4.3 names the path /fhir/organization, in lower case, so the search goes through the client's
      // raw request rather than its Organization type search; the paging is the client's own.
      const first = (await client.request('organization?address-state=OH&Count=40')) as Bundle;
      const seen = new Map<string, number>();
      let pages = 0;
      for (
        let bundle: Bundle | undefined = first;
        bundle;
        bundle = (await client.nextPage({ bundle: bundle as never })) as Bundle | undefined
      ) {
        pages++;
        for (const { resource } of bundle.entry ?? []) {
          expect(resource.resourceType).toBe('Organization');
          seen.set(resource.id, (seen.get(resource.id) ?? 0) + 1);
        }
        expect(pages).toBeLessThan(100);
      }
      // The whole result, in one answer, is what the pages must add up to.
      const whole = (await client.request('organization?address-state=OH&Count=1000')) as Bundle;
      const all = (whole.entry ?? []).map((e) => e.resource.id);
      expect(pages).toBe(Math.ceil(all.length / 40));
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
      expect([...seen.keys()].sort()).toEqual(all.sort());
      expect(first.total).toBe(all.length);
    } finally {
      await server.close();
    }
  },
);

/**
 * A directory of real shapes drawn from one seed (a data seed): the data of a point of the
 * specification's latitude (`serve --latitude data=N,...`, the property run). The seed chooses the
 * forms of its identifiers and whether most of its organizations are in one state (more than 1000),
 * and every record keeps §2.3–2.4.
 */
import type { Fixtures } from '../reference/fixture-files';
import { generateOrganizations } from './organizations';
import { generateProviders } from './providers';
import { Random } from './random';
import { CURATED_ID_FORMS, DataShapes, ORGANIZATION_ID_FORMS, type ShapeOptions } from './shapes';
import { STATES } from './vocabulary';

/** Providers and organizations of a seeded directory: enough for namesakes and a walk of many pages, few enough to draw in a second. */
export const SEEDED_SIZE = { providers: 240, organizations: 1600 } as const;

/** What a data seed chooses besides its records. */
export function shapeOptionsOf(seed: number): ShapeOptions {
  const rng = new Random(seed ^ 0x5eed);
  const crowded = rng.chance(0.5) ? { state: rng.pick(STATES).code, share: 0.7 } : undefined;
  return {
    curatedIds: rng.pick(CURATED_ID_FORMS),
    organizationIds: rng.pick(ORGANIZATION_ID_FORMS),
    ...(crowded ? { crowded } : {}),
  };
}

/** The directory of a data seed. */
export function seededDirectory(seed: number): Fixtures {
  const options = shapeOptionsOf(seed);
  return {
    providers: generateProviders(new Random(seed), SEEDED_SIZE.providers, new DataShapes(seed + 3, options)),
    organizations: generateOrganizations(new Random(seed + 1), SEEDED_SIZE.organizations, new DataShapes(seed + 4, options)),
  };
}

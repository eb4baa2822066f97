/**
 * The embedded reference server, as the product starts it (`directory-conformance serve`, the
 * suite's web server when no BASE_URL is given): the reference behaviour only.
 *
 *   PORT (3000), HOST (127.0.0.1), LATENCY_MS (0), FIXTURE_DIR (fixtures/)
 *
 * Faults, variants and hostile targets are test equipment: src/reference/scenarios/main.ts serves them.
 */
import { runReferenceServer } from './start';

runReferenceServer();

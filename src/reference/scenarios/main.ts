/**
 * The reference server with the test equipment: `npm run serve`, `directory-conformance serve --fault
 * NAME`, the mutation and robustness runs, the self-tests. Without a variable below, the reference
 * behaviour, as src/reference/main.ts.
 *
 *   REFERENCE_FAULT=<name>      serve one fault (or sparse fault) instead of the reference behaviour
 *   REFERENCE_VARIANT=<name>    serve one conformant variant
 *   REFERENCE_SCENARIOS=all     serve every scenario under /scenario/<name> (the mutation run)
 */
import { runReferenceServer, ServerSettingError } from '../start';
import { everyScenarioMounted } from './registry';
import { servedScenario } from './servable';

try {
  runReferenceServer(process.env.REFERENCE_SCENARIOS === 'all' ? everyScenarioMounted() : servedScenario(process.env));
} catch (error) {
  if (!(error instanceof ServerSettingError)) throw error;
  console.error(error.message);
  process.exit(2);
}

/**
 * Compiled, the suite holds no TypeScript, and Playwright's TypeScript loader has nothing to do: off
 * (PW_DISABLE_TS_ESM), it no longer starts its ESM hooks' thread in the runner and in every worker,
 * a tenth of a CPU second each, and a worker starts again after every failed test. Only for a
 * compiled suite: from the sources, Playwright needs it to load the configuration.
 */
export const WITHOUT_TYPESCRIPT_LOADER = { PW_DISABLE_TS_ESM: '1' };

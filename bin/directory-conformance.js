#!/usr/bin/env -S node --
// `node --`: Node 20 reads `--env-file` anywhere on its command line, even after the script, and
// would take this command's own --env-file flag for its own. The harness is TypeScript, run as it
// is through tsx, as Playwright runs the tests.
require('tsx/cjs');
require('../src/cli/main.ts');

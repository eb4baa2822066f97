#!/usr/bin/env -S node --
// `node --`: Node 20 reads `--env-file` anywhere on its command line, even after the script, and
// would take this command's own --env-file flag for its own.
//
// The published package ships compiled JavaScript (dist/, built by `npm pack`) and runs it with plain
// Node. A source checkout, where src/ holds the TypeScript, runs the sources through tsx, a dev
// dependency, as the self-tests do; the package holds no TypeScript, so it never takes that branch.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

if (existsSync(join(__dirname, '..', 'src', 'cli', 'main.ts'))) {
  require('tsx/cjs');
  require('../src/cli/main.ts');
} else {
  require('../dist/src/cli/main.js');
}

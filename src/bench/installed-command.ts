/**
 * The command as a user gets it: the package packed (`npm pack`, which builds it) and installed into
 * an empty folder, dependencies from npm's cache where it has them. The benchmark measures this, the
 * compiled JavaScript under plain Node, not the TypeScript sources of the checkout.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root';

export interface InstalledCommand {
  /** node_modules/.bin/directory-conformance of the folder it is installed in. */
  bin: string;
  /** The installed package's folder. */
  packageDir: string;
  /** The folder it is installed in: a user's project. */
  project: string;
  tarball: { bytes: number; files: number };
  remove(): void;
}

export function installPackedCommand(): InstalledCommand {
  const root = mkdtempSync(join(tmpdir(), 'bench-package-'));
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', root], { cwd: PACKAGE_ROOT, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop()!;
  const tarball = join(root, name);
  const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n').length;
  const project = join(root, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "bench-project", "private": true }\n');
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: project, stdio: 'pipe' });
  const { name: packageName } = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string };
  return {
    bin: join(project, 'node_modules', '.bin', 'directory-conformance'),
    packageDir: join(project, 'node_modules', packageName),
    project,
    tarball: { bytes: statSync(tarball).size, files },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

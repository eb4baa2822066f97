/**
 * Conditions of the machine the history must survive, made for one command at a time: a folder it
 * may only read, a disk that fills. Both need the operating system's help, asked without changing
 * the machine; where it cannot give it, the test that needs it is skipped, saying why.
 */
import { spawnSync } from 'node:child_process';

const isRoot = () => process.getuid?.() === 0;

/**
 * What runs a command so that file modes bind it: nothing for a user; for root, which passes over
 * them, setpriv (util-linux) without the capabilities that let it (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH).
 * A string saying why when neither can be had.
 */
export function modesBindingRunner(): string[] | string {
  if (!isRoot()) return [];
  const runner = ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--inh-caps=-dac_override,-dac_read_search'];
  const tried = spawnSync(runner[0], [...runner.slice(1), 'true']);
  return tried.status === 0
    ? runner
    : `running as root, and setpriv cannot drop the capabilities that pass over file modes (${tried.error?.message ?? tried.stderr.toString().trim()})`;
}

/**
 * A shell script run in a mount namespace of its own (unshare, util-linux), where it may mount a
 * small tmpfs that nothing outside sees: as root, or as a user through a user namespace. A string
 * saying why when the system allows neither.
 */
export function privateMountRunner(): string[] | string {
  const runner = ['unshare', ...(isRoot() ? [] : ['--user', '--map-root-user']), '--mount', 'sh', '-c'];
  const tried = spawnSync(runner[0], [...runner.slice(1), 'mount -t tmpfs -o size=1m tmpfs /mnt']);
  return tried.status === 0
    ? runner
    : `no mount namespace can be had here to mount a small disk in (${tried.error?.message ?? tried.stderr.toString().trim()})`;
}

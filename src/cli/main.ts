/** The installed command: the command line of this process, invoked (invoke.ts), and its exit code this process's. */
import { EXIT } from './exit-codes';
import { invoke } from './invoke';

// A reader that stops reading (directory-conformance list | head) ends the command quietly, as other tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.pass);
  throw error;
});

/**
 * Exits with `code` once standard output and error have taken everything written to them. Writes to
 * a pipe are asynchronous: process.exit at once would cut what the pipe had not taken yet (all but
 * the first 64 KiB of `history export | wc -c`). A write of nothing calls back when the writes
 * before it are done, or failed (a reader gone).
 */
function exitWhenWritten(code: number): void {
  process.exitCode = code;
  let open = 2;
  const written = () => {
    if (--open === 0) process.exit(code);
  };
  process.stdout.write('', written);
  process.stderr.write('', written);
}

void invoke(process.argv.slice(2)).then(exitWhenWritten);

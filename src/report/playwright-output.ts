/**
 * Where Playwright writes under REPORT_DIR. Playwright empties its output folders before it writes
 * (its HTML report, its test results, a shard's blob report), whatever they hold: a report folder
 * that is `.` or a project's own folder must not lose a file the harness did not write. Playwright's
 * HTML report and test results live in `playwright/`, which the harness marks as its own when it
 * makes it and refuses to use when another wrote it; a shard's `blob/`, which CI templates name, is
 * used only when it holds nothing but blob reports.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/config-error';

/** The folder of Playwright's own HTML report and test results, under REPORT_DIR. */
export const PLAYWRIGHT_FOLDER = 'playwright';

/** What says that the harness made `playwright/`: Playwright empties the folders inside it, never this file. */
const MARK = '.made-by-directory-conformance';

/** A shard's blob reports, under REPORT_DIR: the name CI templates give (ci-templates/). */
export const BLOB_FOLDER = 'blob';

/** Playwright's blob report files: `report.zip`, `report-2.zip`, `report-<hash>-2.zip`. */
const BLOB_REPORT = /^report(-[\w-]+)?\.zip$/;

/** Playwright's folders under `reportDir`, as a worker names them once the main process has claimed them. */
export const playwrightOutputOf = (reportDir: string) => ({
  playwright: join(reportDir, PLAYWRIGHT_FOLDER),
  blob: join(reportDir, BLOB_FOLDER),
});

/**
 * Playwright's folders under `reportDir`, once the harness may let Playwright empty them: `playwright/`
 * made and marked, or found marked; an unmarked one that holds anything, and a `blob/` that holds
 * anything but blob reports, are refused in one line (REPORT_DIR).
 */
export function claimPlaywrightOutput(reportDir: string, sharded: boolean): { playwright: string; blob: string } {
  const { playwright, blob } = playwrightOutputOf(reportDir);
  if (existsSync(playwright) && !existsSync(join(playwright, MARK)) && readdirSync(playwright).length > 0)
    throw new ConfigError(
      'REPORT_DIR',
      `holds a folder ${PLAYWRIGHT_FOLDER}/ that the harness did not make, and Playwright empties it: give another report folder (--report DIR), or move ${playwright} away`,
    );
  mkdirSync(playwright, { recursive: true });
  writeFileSync(join(playwright, MARK), 'Playwright output of directory-conformance: emptied by every run.\n');
  const foreign = sharded && existsSync(blob) ? readdirSync(blob).filter((name) => !BLOB_REPORT.test(name)) : [];
  if (foreign.length > 0)
    throw new ConfigError(
      'REPORT_DIR',
      `holds a folder ${BLOB_FOLDER}/ with files that are no blob report (${foreign.slice(0, 3).join(', ')}), and a shard empties it: give another report folder (--report DIR), or move them away`,
    );
  return { playwright, blob };
}

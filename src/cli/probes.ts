/**
 * `directory-conformance probes check` and `probes draft`: the probes file, checked against the
 * target or drafted from it, without running the suite.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { announce, type Environment } from '../config/environment';
import { loadProbes, statusSearchOf } from '../probes/probes-file';
import { probesFileOf, statusSearchSetting } from '../config/run-config';
import { DirectoryEndpoints } from '../client/endpoints';
import { preflightInputsOf } from '../client/preflight';
import { NotSentError, TransportError } from '../client/http-client';
import { BoundedEndpoints } from '../probe-tools/bounded-endpoints';
import { draftProbes } from '../probe-tools/draft';
import { MAX_SEEDS } from '../probe-tools/draft-bound';
import { type ProbeStatus, verifyProbes } from '../probe-tools/verify';
import { escapeText } from '../report/escape';
import { EXIT, UsageError } from './exit-codes';
import type { RunOptions } from './run';
import { stoppableBySignal } from './signal-race';
import { target } from './target';

/** `probes check`: one line per promise; exit 0 only when every one holds, 3 (inconclusive) otherwise. */
export function probesCheck(options: RunOptions): Promise<number> {
  const read = (env: Environment) => {
    const file = probesFileOf(env);
    const probes = loadProbes(file);
    return { file, probes, statusSearch: statusSearchOf(statusSearchSetting(env), probes) };
  };
  return stoppableBySignal((stop) =>
    target(
      options,
      DirectoryEndpoints,
      read,
      async (api, { file, probes, statusSearch }) => {
        announce(`probes: ${file}`);
        const verdicts = await verifyProbes(api, probes, statusSearch);
        for (const v of verdicts) console.log(`${v.status.padEnd(13)}${escapeText(v.message, 'terminal')}`);
        const count = (status: ProbeStatus) => verdicts.filter((v) => v.status === status).length;
        console.log(
          `\nprobes: ${count('holds')} of ${verdicts.length} promises hold, ${count('contradicted')} contradicted, ${count('unconfirmed')} unconfirmed`,
        );
        if (verdicts.length === 0) console.log('probes: the file promises nothing, so every check that needs a probe would skip');
        return verdicts.length > 0 && count('holds') === verdicts.length ? EXIT.pass : EXIT.inconclusive;
      },
      ({ probes }) => preflightInputsOf(probes),
      { stop },
    ),
  );
}

/** `probes draft`: a probes file of verified promises, to --out or standard output; what could not be filled, on standard error. */
export function probesDraft(options: RunOptions & { npi?: string[]; out?: string }): Promise<number> {
  const npis = options.npi ?? [];
  if (npis.length === 0) throw new UsageError('probes draft needs at least one --npi N: a provider you know the service has');
  if (npis.length > MAX_SEEDS) throw new UsageError(`probes draft takes at most ${MAX_SEEDS} --npi seeds, got ${npis.length}`);
  const notAnNpi = npis.find((npi) => !/^\d{10}$/.test(npi));
  if (notAnNpi !== undefined) throw new UsageError(`--npi ${notAnNpi} is not an NPI: 10 digits`);
  return stoppableBySignal((stop) =>
    target(
      options,
      BoundedEndpoints,
      () => undefined,
      async (api, _prepared, { redactor }) => {
        let draft;
        try {
          draft = await draftProbes(api, npis);
        } catch (error) {
          if (error instanceof TransportError || error instanceof NotSentError) throw error;
          throw new UsageError((error as Error).message);
        }
        // A draft without a unique probe (no seed answered anything, not even an answer kept as evidence) gives the suite nothing to start from.
        const usable = (draft.probes.provider?.unique?.length ?? 0) > 0;
        const text = `${JSON.stringify(draft.probes, null, 2)}\n`;
        if (usable && options.out) writeFileSync(resolve(process.cwd(), options.out), text);
        else if (usable) process.stdout.write(text);
        for (const note of draft.notes) console.error(`note: ${escapeText(note, 'terminal')}`);
        const { provider = {}, organization = {} } = draft.probes;
        const filled = [
          `provider.unique ${provider.unique?.length ?? 0}`,
          `provider.ambiguous ${provider.ambiguous?.length ?? 0}`,
          `provider.none ${provider.none?.length ?? 0}`,
          `organization.searches ${organization.searches?.length ?? 0}`,
          `organization.identifiers ${organization.identifiers?.length ?? 0}`,
          `organization.multiPage ${organization.multiPage ? 1 : 0}`,
          `organization.overLimit ${organization.overLimit ? 1 : 0}`,
          `organization.statusSearch ${organization.statusSearch ? 'true' : 'no'}`,
        ];
        console.error(
          `drafted from ${npis.length} seed${npis.length === 1 ? '' : 's'} in ${draft.requests} requests (at most ${draft.bound}): ${filled.join(', ')}`,
        );
        for (const { category, why } of draft.unfilled) console.error(`could not fill ${category}: ${why}`);
        if (!usable) console.error('wrote nothing: no seed NPI returned a record, and the suite starts from a unique probe');
        else if (options.out) {
          // The hint repeats the target the user gave, so that copied it checks the same service: never a credential in it.
          const baseUrl = options['base-url'];
          const flags = [
            ...(baseUrl !== undefined ? [`--base-url ${redactor.url(baseUrl)}`] : []),
            ...(options['env-file'] ? [`--env-file ${options['env-file']}`] : []),
            `--probes ${options.out}`,
          ];
          console.error(
            `wrote ${resolve(process.cwd(), options.out)}; check it with: directory-conformance probes check ${flags.join(' ')}`,
          );
        }
        return usable ? EXIT.pass : EXIT.inconclusive;
      },
      // The first seed's search, as the draft's own first question: a refusal, or another API, drafts nothing.
      () => ({ provider: { NPI: npis[0] } }),
      { stop },
    ),
  );
}

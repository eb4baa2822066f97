/**
 * The leak scan of everything a command wrote: the robustness run's echoing targets send the
 * credentials back in every composition of ECHOED_COMPOSITIONS, and no file, store row or terminal
 * line may hold a part of any of those forms that depends on the secret (secretParts), nor anything
 * the redactor's own view reads as a secret. The first question is independent of the redactor: a
 * scan that only asked the redactor would prove nothing the redactor misses.
 */
import { Redactor } from '../client/redact';
import { decoyOf, ECHOED_COMPOSITIONS, echoLayers, LEAK_WINDOW, secretParts } from '../reference/scenarios/secret-encodings';

/** A scan for the echoed forms of some secrets: each form's secret-dependent parts, gathered once, by their first characters. */
export class LeakScan {
  /** Every secret-dependent part of every echoed form, by its first LEAK_WINDOW characters, with what it is a part of. */
  private readonly parts = new Map<string, { part: string; form: string }[]>();
  private readonly redactor: Redactor;

  constructor(secrets: readonly string[]) {
    this.redactor = new Redactor(secrets);
    for (const secret of secrets)
      for (const composition of ECHOED_COMPOSITIONS)
        for (const part of secretParts(secret, echoLayers(composition), decoyOf(secret))) {
          const start = part.slice(0, LEAK_WINDOW);
          this.parts.set(start, [...(this.parts.get(start) ?? []), { part, form: composition.join(' → ') }]);
        }
  }

  /** What `text` holds of the secrets: each echoed form a part of it shows, and a secret in any form the redactor reads. */
  leaks(text: string): string[] {
    const found = new Set<string>();
    // Every window of the text, looked up by its start: one pass whatever the number of forms.
    for (let i = 0; i + LEAK_WINDOW <= text.length; i++)
      for (const { part, form } of this.parts.get(text.slice(i, i + LEAK_WINDOW)) ?? [])
        if (text.startsWith(part, i)) found.add(`a part of ${form} of a secret: "${part}"`);
    // A form shorter than a window (a short secret as it is) is looked for whole.
    for (const [start, parts] of this.parts)
      if (start.length < LEAK_WINDOW && text.includes(start)) for (const { form } of parts) found.add(`${form} of a secret: "${start}"`);
    if (found.size === 0 && this.redactor.holdsSecret(text)) found.add('a secret in a form the redactor reads');
    return [...found];
  }
}

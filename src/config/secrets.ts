/**
 * What a configured secret is, before any text is searched for it: each credential taken apart, and
 * how many letters and digits a secret needs to be told apart from ordinary text. The configuration
 * refuses a shorter one; the redactor (client/redact.ts) matches each on its letters and digits.
 */
import { isWellFormed } from '../json/unicode';

/**
 * Letters and digits a secret must have at least: fewer would match ordinary text, and no redactor
 * can then keep it out of what the harness writes. A configured credential under it is refused
 * (connection.ts); a value only taken for a secret (a walk's `api_key`) is not searched for.
 */
export const MIN_SECRET_LENGTH = 8;

/** A text's letters and digits (ASCII), lower case: what two texts are compared by. */
export const skeletonOf = (text: string) => text.replace(/[^A-Za-z0-9]/g, '').toLowerCase();

/**
 * The secrets of one credential header's value: the value itself, its scheme's credential
 * (`Bearer x` → `x`), and for Basic the decoded `user:password`, the user and the password, each a
 * secret of its own wherever it is echoed. `essential`: the one that must be long enough to match
 * safely (Basic's password, another scheme's credential, a plain value itself); a Basic user name is
 * matched alone only when it is long enough.
 */
export function credentialSecrets(value: string): { secrets: string[]; essential: string } {
  const [scheme, ...rest] = value.trim().split(/\s+/);
  const credential = rest.join(' ');
  if (!credential) return { secrets: [value], essential: value };
  if (scheme.toLowerCase() !== 'basic') return { secrets: [value, credential], essential: credential };
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0 || !isWellFormed(decoded)) return { secrets: [value, credential], essential: credential };
  const password = decoded.slice(colon + 1);
  return { secrets: [value, credential, decoded, decoded.slice(0, colon), password], essential: password };
}

import type { TestError } from '@playwright/test/reporter';

// eslint-disable-next-line no-control-regex -- ANSI colour codes start with ESC.
const ANSI = /\u001b\[[0-9;]*m/g;

/** Text Playwright gave with its colours, without them. */
export const withoutColour = (text: string): string => text.replace(ANSI, '');

/** What an error Playwright reports says: its message, or the value thrown, without colour. */
export const errorText = (error: TestError): string => withoutColour(error.message ?? error.value ?? '');

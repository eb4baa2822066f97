/**
 * The 95% Wilson score interval of a proportion (Wilson 1927; Agresti & Coull 1998): it stays
 * inside [0, 1] and means something for a handful of trials as for a million. The survey gives it
 * with each findability rate; the history compares two surveys by it, so that a regression is a
 * change beyond what sampling explains, never noise.
 */

/** z for a two-sided 95% interval. */
const Z = 1.959964;

const rounded = (value: number) => Number(value.toFixed(6));

/** The Wilson score interval of `successes` in `trials` (trials > 0), at 95%. */
export function wilsonInterval(successes: number, trials: number): { low: number; high: number } {
  const p = successes / trials;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (Z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { low: rounded(Math.max(0, centre - half)), high: rounded(Math.min(1, centre + half)) };
}

/** A count of `successes` in `trials` (trials > 0). */
export interface Proportion {
  successes: number;
  trials: number;
}

/** Whether `upper`'s 95% interval lies wholly above `lower`'s: a difference sampling does not explain. */
export function whollyAbove(upper: Proportion, lower: Proportion): boolean {
  return wilsonInterval(upper.successes, upper.trials).low > wilsonInterval(lower.successes, lower.trials).high;
}

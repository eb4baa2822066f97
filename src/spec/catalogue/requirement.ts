/** The shape of the catalogue's entries. */
export type Level = 'MUST' | 'SHOULD';

/**
 * A condition the specification puts on a requirement: where it does not hold, the requirement is
 * not applicable, never a gap. Only what the specification makes conditional is one.
 */
export type Condition = 'status-search' | 'next-link' | 'several-match';

export interface Requirement {
  id: string;
  /** The level of its findings; for a graded requirement, that of the answers that provably contradict the specification. */
  level: Level;
  /** Where in the specification the rule comes from. */
  spec: string;
  /** What is checked. */
  title: string;
  /**
   * A graded requirement's near misses: findings where a reading of the specification exists, which
   * only warn (SHOULD), while an answer that fits no reading fails at `level` (MUST).
   */
  nearMiss?: string;
  /** The condition the specification puts on it (see Condition), and, in words, when it does not apply. */
  appliesWhen?: { condition: Condition; otherwise: string };
  /**
   * For a rule over the form of data: whether it judges a value (a date that does not exist, a check
   * digit, a code outside its list, a timestamp or UUID that is none) or only its shape (types,
   * members, arrays). Absent for a rule over behaviour.
   */
  judges?: { what: 'value' | 'shape'; how: string };
}

export interface ObservationDefinition {
  id: string;
  /** The silent spot of the specification it records. */
  spec: string;
  title: string;
  /** For an observation of events rather than of a test: what its absence means. */
  whenAbsent?: string;
  /** `union`: values are objects of string lists, merged key by key rather than listed side by side. */
  fold?: 'union';
}

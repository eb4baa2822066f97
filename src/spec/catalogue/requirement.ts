/** The shape of the catalogue's entries. */
export type Level = 'MUST' | 'SHOULD';

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

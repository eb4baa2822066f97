import type { Level } from '../spec/catalogue';

/** A problem a rule found in an answer, with the level it is judged at when the requirement grades its findings. */
export interface Problem {
  message: string;
  /** JSON Pointer of the failing part of the body. */
  pointer?: string;
  /** SHOULD for a near miss of a graded requirement (Requirement.nearMiss); the requirement's own level when absent. */
  level?: Level;
}

/** A problem at a place in the body. */
export interface EntryProblem extends Problem {
  pointer: string;
}

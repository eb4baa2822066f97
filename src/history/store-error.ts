/**
 * The history's store cannot be used as it is: a data folder PGlite cannot start on (corrupted,
 * truncated, of another engine), a disk that is full. Said in one line naming the store, exit 3: the
 * store's trouble, not the input's, and never a harness bug to report.
 */
export class StoreError extends Error {}

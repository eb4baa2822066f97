/** A configuration problem: the run stops before any test with this one message. */
export class ConfigError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(`configuration: ${key} ${message}`);
  }
}

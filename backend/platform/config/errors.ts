/** A configuration variable has a value the application cannot run with. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(
    /** The environment variable at fault, e.g. `PORT`. */
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

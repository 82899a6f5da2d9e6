/**
 * A request the data plane refuses, with the status the service answers and the message that
 * goes into `{"error": …}`. The service's REST API answers 400 for a bad body or a command that
 * fails, 401 when the token is missing, wrong or not allowed to write, 404 for an unknown route,
 * 405 for a method other than GET or POST, and 429 over the per-second limits.
 */
export class DataPlaneError extends Error {
  readonly status: 400 | 401 | 404 | 405 | 429;

  constructor(status: DataPlaneError["status"], message: string) {
    super(message);
    this.name = "DataPlaneError";
    this.status = status;
  }
}

/** A setting or option named that does not exist, or given a value it does not take. */
export class InvalidSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidSettingError";
  }
}

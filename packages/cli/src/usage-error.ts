/** A bad flag or value, found before anything is sent: exit code 2. `flag` names it. */
export class UsageError extends Error {
  override name = "UsageError";
  readonly flag: string;

  constructor(flag: string, message: string) {
    super(message);
    this.flag = flag;
  }
}

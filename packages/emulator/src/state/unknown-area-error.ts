/** A reset named a store area the emulator does not have. */
export class UnknownAreaError extends Error {
  readonly area: string;
  constructor(area: string, known: readonly string[]) {
    super(`no store area "${area}"; areas are ${known.map((name) => `"${name}"`).join(", ")}`);
    this.name = "UnknownAreaError";
    this.area = area;
  }
}

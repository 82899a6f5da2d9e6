/** A reset named a QStash region the emulator does not run. */
export class UnknownRegionError extends Error {
  readonly region: string;
  constructor(region: string, known: readonly string[]) {
    const runs =
      known.length === 0
        ? "it runs one unnamed region (start it with --regions)"
        : `it runs ${known.join(", ")}`;
    super(`no region "${region}": ${runs}`);
    this.name = "UnknownRegionError";
    this.region = region;
  }
}

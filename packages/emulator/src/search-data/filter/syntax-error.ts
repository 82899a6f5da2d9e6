/** A filter the grammar does not accept; `position` is the 1-based character where reading stopped. */
export class FilterSyntaxError extends Error {
  readonly position: number;

  constructor(problem: string, offset: number) {
    super(`Invalid filter: ${problem} at position ${offset + 1}`);
    this.name = "FilterSyntaxError";
    this.position = offset + 1;
  }
}

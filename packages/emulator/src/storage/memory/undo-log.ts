import type { UnitParticipant } from "../units.ts";

/**
 * How the memory engine takes back a unit of work: each change made inside a unit records how to
 * undo it, and undoing a unit runs its records newest first. Outside any unit nothing is recorded
 * (nothing could undo it), and a kept outermost unit forgets its records.
 */
export class UndoLog implements UnitParticipant {
  readonly #undo: (() => void)[] = [];
  /** Where each open unit's records start. */
  readonly #marks: number[] = [];

  /** Whether changes are recorded now (a unit is open). */
  get recording(): boolean {
    return this.#marks.length > 0;
  }

  record(undo: () => void): void {
    if (this.#marks.length > 0) this.#undo.push(undo);
  }

  begin(): void {
    this.#marks.push(this.#undo.length);
  }

  keep(): void {
    this.#marks.pop();
    // The enclosing unit (if any) now owns these records; the outermost one needs them no more.
    if (this.#marks.length === 0) this.#undo.length = 0;
  }

  undo(): void {
    const mark = this.#marks.pop() ?? 0;
    while (this.#undo.length > mark) (this.#undo.pop() as () => void)();
  }
}

/**
 * What takes part in units of work: an engine's tables in memory (an undo log) and each SQLite
 * connection (a savepoint). Each is told when a unit begins, is kept, or is undone, with the
 * unit's depth (1 for the outermost); it may do nothing until something is written.
 */
export interface UnitParticipant {
  begin(depth: number): void;
  keep(depth: number): void;
  undo(depth: number): void;
}

/**
 * Units of work on one engine: a request, a delivery settled, a cron tick. A unit's changes all
 * stay when it is kept, and none does when it is undone; units nest (an inner unit undone takes
 * back its own changes only). A unit runs synchronously from start to end, so no other work
 * interleaves with it. A commit asked for inside a unit happens when the outermost unit is kept.
 */
export class Units {
  readonly #participants: UnitParticipant[] = [];
  readonly #undone: (() => void)[] = [];
  readonly #commit: () => void;
  #depth = 0;
  #commitAsked = false;

  /** `commit`: ends the engine's transaction (what `commit()` asks for, outside any unit). */
  constructor(commit: () => void) {
    this.#commit = commit;
  }

  /** How many units are open (0: none; a change then stays whatever happens next). */
  get depth(): number {
    return this.#depth;
  }

  join(participant: UnitParticipant): void {
    this.#participants.push(participant);
  }

  /** Called after a unit was undone: what caches a view of the tables drops it. */
  onUndo(listener: () => void): void {
    this.#undone.push(listener);
  }

  /**
   * Runs `work` as a unit: kept when it returns and `keep` (if given) accepts its result,
   * undone when it throws (the error passes on) or `keep` refuses the result (which is returned).
   */
  run<T>(work: () => T, keep?: (result: T) => boolean): T {
    const depth = ++this.#depth;
    for (const participant of this.#participants) participant.begin(depth);
    let result: T;
    try {
      result = work();
    } catch (error) {
      this.#undo(depth);
      throw error;
    }
    if (keep !== undefined && !keep(result)) {
      this.#undo(depth);
      return result;
    }
    for (const participant of this.#participants) participant.keep(depth);
    this.#depth--;
    if (depth === 1 && this.#commitAsked) this.commit();
    return result;
  }

  /** Commits now outside any unit; inside one, when the outermost unit is kept. */
  commit(): void {
    if (this.#depth > 0) {
      this.#commitAsked = true;
      return;
    }
    this.#commitAsked = false;
    this.#commit();
  }

  #undo(depth: number): void {
    for (const participant of [...this.#participants].reverse()) participant.undo(depth);
    this.#depth--;
    // A commit asked for by an inner unit goes with the outermost one it belonged to.
    if (depth === 1) this.#commitAsked = false;
    for (const listener of this.#undone) listener();
  }
}

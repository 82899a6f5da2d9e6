import { BTree } from "../../../storage/memory/btree.ts";
import { dueAt, type StoredMessage } from "../../records/message-record.ts";

/** When a message is due, and a counter that keeps messages due at the same time in publish order. */
type DueKey = [at: number, order: number];

/**
 * The messages outside queues, by when they may next be sent (a B+ tree in memory, made from the
 * store on first use), and those held by a paused or busy flow-control key, by key. Entries are
 * hints: a message may have been cancelled or delivered since, and is then skipped.
 */
export class DueMessages {
  readonly #waiting: () => Iterable<StoredMessage>;
  #due: BTree<DueKey, string> | undefined;
  readonly #parked = new Map<string, string[]>();
  #order = 0;

  /** `waiting`: the messages outside queues, read once to make the index. */
  constructor(waiting: () => Iterable<StoredMessage>) {
    this.#waiting = waiting;
  }

  add(message: StoredMessage, at = dueAt(message)): void {
    this.#index().set([at, this.#order++], message.id);
  }

  /** Removes and answers the ids due at `now` or earlier, earliest first. */
  takeDue(now: number): string[] {
    const index = this.#index();
    const due: [DueKey, string][] = [];
    for (const entry of index.entries()) {
      if (entry[0][0] > now) break;
      due.push(entry);
    }
    for (const [key] of due) index.delete(key);
    return due.map(([, id]) => id);
  }

  /** The earliest time something is due, if anything is. */
  next(): number | undefined {
    return this.#index().minKey()?.[0];
  }

  /** Holds a message until its flow-control key may start one again. */
  park(message: StoredMessage): void {
    const key = message.flowControlKey ?? "";
    const held = this.#parked.get(key);
    if (held) held.push(message.id);
    else this.#parked.set(key, [message.id]);
  }

  /** The keys that hold messages. */
  parkedKeys(): string[] {
    return [...this.#parked.keys()];
  }

  /** The first message a key holds, taken off its list. */
  unpark(key: string): string | undefined {
    const held = this.#parked.get(key);
    const id = held?.shift();
    if (held?.length === 0) this.#parked.delete(key);
    return id;
  }

  /** Puts a message back at the front of its key's list (it could not start after all). */
  repark(key: string, id: string): void {
    const held = this.#parked.get(key);
    if (held) held.unshift(id);
    else this.#parked.set(key, [id]);
  }

  #index(): BTree<DueKey, string> {
    if (this.#due) return this.#due;
    this.#due = new BTree<DueKey, string>(undefined, (a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const message of this.#waiting()) this.#due.set([dueAt(message), this.#order++], message.id);
    return this.#due;
  }
}

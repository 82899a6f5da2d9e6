/**
 * The parts of an engine by name, each registered once while the engine is built. A part that
 * needs one built after it (delivery's workflow hooks publish, and publishing wakes delivery)
 * asks the registry when it acts, so the order parts call each other in is written down in one
 * place instead of in closures.
 */
export class Registry<Parts extends object> {
  readonly #parts = new Map<keyof Parts, unknown>();

  register<K extends keyof Parts>(name: K, part: Parts[K]): Parts[K] {
    if (this.#parts.has(name)) throw new Error(`part "${String(name)}" is registered twice`);
    this.#parts.set(name, part);
    return part;
  }

  get<K extends keyof Parts>(name: K): Parts[K] {
    if (!this.#parts.has(name)) throw new Error(`part "${String(name)}" is used before it is registered`);
    return this.#parts.get(name) as Parts[K];
  }
}

/** What a part needs of a registry: the parts it looks up, by name. */
export interface Lookup<Parts extends object> {
  get<K extends keyof Parts>(name: K): Parts[K];
}

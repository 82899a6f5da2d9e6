import { z } from "zod";
import type { StorageEngine } from "../storage/engine.ts";
import type { AreaContext, AreaStores, StoreArea } from "./area.ts";
import { UnknownAreaError } from "./unknown-area-error.ts";

type AnyArea = StoreArea<z.ZodRawShape, unknown>;

/**
 * Every area's stores on one engine. The request pipeline calls `commit()` once after each
 * route that writes, before the answer leaves, so an acknowledged change is on disk; background
 * work (deliveries, cron ticks) commits its own changes.
 */
export class Stores {
  readonly #engine: StorageEngine;
  readonly #areas: readonly AnyArea[];
  readonly #opened = new Map<AnyArea, unknown>();

  constructor(engine: StorageEngine, areas: readonly AnyArea[], context: AreaContext) {
    this.#engine = engine;
    this.#areas = areas;
    for (const area of areas) this.#opened.set(area, area.open(engine, context));
  }

  /** Where the state lives: `memory` or `durable`. */
  get kind(): StorageEngine["kind"] {
    return this.#engine.kind;
  }

  /** The stores of one area, for the API that owns it (or one that reads it). */
  of<A extends AnyArea>(area: A): AreaStores<A> {
    if (!this.#opened.has(area)) throw new Error(`store area "${area.name}" is not mounted`);
    return this.#opened.get(area) as AreaStores<A>;
  }

  commit(): void {
    this.#engine.commit();
  }

  /** For background changes no answer waits for: see `StorageEngine.commitSoon`. */
  commitSoon(): void {
    this.#engine.commitSoon();
  }

  close(): void {
    this.#engine.close();
  }

  /** The names of the mounted areas, in the order of the list of APIs. */
  areaNames(): string[] {
    return this.#areas.map((area) => area.name);
  }

  /**
   * Every area (or the one named) back to its reset state, committed at once. Returns the names
   * of the areas reset; an unknown name throws an `UnknownAreaError` listing the known ones.
   */
  reset(areaName?: string): string[] {
    const chosen = this.#chosen(areaName);
    for (const area of chosen) area.reset(this.#opened.get(area));
    this.commit();
    return chosen.map((area) => area.name);
  }

  /**
   * The state as tests read it (`emulator.state`, `GET /__stashkit/state`): each key of each
   * area as a snapshot would hold it now, read from the stores when the key is read, so a view
   * taken once shows what is there later too (and costs nothing until read: the search
   * documents are read only when `searchDocuments` is).
   */
  view(): Record<string, unknown> {
    const view: Record<string, unknown> = {};
    for (const area of this.#areas) {
      for (const key of Object.keys(area.shape)) {
        Object.defineProperty(view, key, {
          enumerable: true,
          get: () => area.exportKeys(this.#opened.get(area))[key],
        });
      }
    }
    return view;
  }

  /** The whole state as a snapshot's plain JSON: every mounted area's keys. */
  document(): Record<string, unknown> {
    return Object.assign({}, ...this.#areas.map((area) => area.exportKeys(this.#opened.get(area))));
  }

  /**
   * Replaces the whole state with `raw` (a snapshot's state, or an earlier emulator's JSON data
   * file), or only the area named, upgraded and checked by every area first: a bad one (or an
   * unknown area) changes nothing. `source` names it in the error. Returns the areas replaced;
   * committed with the caller's next commit.
   */
  replace(raw: unknown, source: (problem: string) => Error, areaName?: string): string[] {
    const chosen = this.#chosen(areaName);
    const checked = checkedState(this.#areas, raw, source);
    for (const area of chosen) {
      const stores = this.#opened.get(area);
      area.reset(stores);
      area.importKeys(stores, checked[area.name] as never);
    }
    return chosen.map((area) => area.name);
  }

  /** Every area, or the one named; an unknown name is an `UnknownAreaError` listing the known ones. */
  #chosen(areaName: string | undefined): readonly AnyArea[] {
    if (areaName === undefined) return this.#areas;
    const chosen = this.#areas.filter((area) => area.name === areaName);
    if (chosen.length === 0) throw new UnknownAreaError(areaName, this.areaNames());
    return chosen;
  }
}

/** Each area's keys from `raw`, upgraded and checked; the first problem becomes the error. */
function checkedState(
  areas: readonly AnyArea[],
  raw: unknown,
  source: (problem: string) => Error,
): Record<string, Record<string, unknown>> {
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
    for (const area of areas) area.migrate?.(raw as Record<string, unknown>);
  }
  // Loose: a snapshot written by a newer emulator with keys no area owns still loads.
  const shape = Object.assign({}, ...areas.map((area) => area.shape));
  const parsed = z.looseObject(shape).safeParse(raw);
  if (!parsed.success) throw source(notState(parsed.error));
  const document = parsed.data as Record<string, unknown>;
  const byArea: Record<string, Record<string, unknown>> = {};
  for (const area of areas) {
    byArea[area.name] = Object.fromEntries(Object.keys(area.shape).map((key) => [key, document[key]]));
  }
  return byArea;
}

function notState(error: z.ZodError): string {
  const [first, ...others] = error.issues;
  const where = first?.path.length ? first.path.join(".") : "the top level";
  const more = others.length > 0 ? ` (and ${others.length} more problems)` : "";
  return `does not hold emulator state: ${where}: ${first?.message ?? "unexpected value"}${more}; fix it or move it aside`;
}

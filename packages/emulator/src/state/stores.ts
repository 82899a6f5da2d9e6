import { z } from "zod";
import { limitSetting } from "../options/limits.ts";
import type { StorageEngine } from "../storage/engine.ts";
import type { AreaBound, AreaContext, AreaStores, StateOfAreas, StoreArea } from "./area.ts";
import { UnknownAreaError } from "./unknown-area-error.ts";

export type AnyArea = StoreArea<z.ZodRawShape, unknown>;

/**
 * Every area's stores on one engine. Every change happens in a unit of work (`unit`): a request
 * (the pipeline makes each one a unit), or a piece of background work (`background`: a delivery
 * settled, a cron tick, a wait timed out). The request pipeline calls `commit()` once after each
 * route that wrote, before the answer leaves, so an acknowledged change is on disk; background
 * units share a sync of the file. `A` is the areas (a union of their types): what the state and a
 * snapshot hold follows from their shapes.
 */
export class Stores<A extends AnyArea = AnyArea> {
  readonly #engine: StorageEngine;
  readonly #areas: readonly A[];
  readonly #opened = new Map<AnyArea, unknown>();
  readonly #context: AreaContext;

  constructor(engine: StorageEngine, areas: readonly A[], context: AreaContext) {
    this.#engine = engine;
    this.#areas = areas;
    this.#context = context;
    for (const area of areas) this.#opened.set(area, area.open(engine, context));
  }

  /** Where the state lives: `memory` or `durable`. */
  get kind(): StorageEngine["kind"] {
    return this.#engine.kind;
  }

  /** The stores of one area, for the API that owns it (or one that reads it). */
  of<B extends AnyArea>(area: B): AreaStores<B> {
    if (!this.#opened.has(area)) throw new Error(`store area "${area.name}" is not mounted`);
    return this.#opened.get(area) as AreaStores<B>;
  }

  /**
   * Runs `work` as one unit of work: all its changes stay when it returns (and `keep`, if given,
   * accepts what it returned), none when it throws or `keep` refuses. Units nest; a unit runs
   * synchronously, so nothing else interleaves with it.
   */
  unit<T>(work: () => T, keep?: (result: T) => boolean): T {
    return this.#engine.units.run(work, keep);
  }

  /**
   * Background work no answer waits for (a delivery settled, cron ticks, timeouts): one unit of
   * work, written to the data file soon, in one sync with other background units. A kill before
   * that loses the unit whole, never half of it: a delivery is then made again (at least once).
   */
  background<T>(work: () => T): T {
    const result = this.unit(work);
    this.#engine.commitSoon();
    return result;
  }

  /** Ends the write transaction (on disk when it returns); inside a unit, when the outermost is kept. */
  commit(): void {
    this.#engine.commit();
  }

  close(): void {
    this.#engine.close();
  }

  /** Releases the engine without committing what the open transaction holds (a failed start). */
  abandon(): void {
    this.#engine.abandon();
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
    this.unit(() => {
      for (const area of chosen) area.reset(this.#opened.get(area));
    });
    this.commit();
    return chosen.map((area) => area.name);
  }

  /**
   * The state as tests read it (`emulator.state`, `GET /__stashkit/state`): each key of each
   * area as a snapshot would hold it now, read from the stores when the key is read, so a view
   * taken once shows what is there later too (and costs nothing until read: the search
   * documents are read only when `searchDocuments` is).
   */
  view(): StateOfAreas<A> {
    const view = {};
    for (const area of this.#areas) {
      for (const key of Object.keys(area.shape)) {
        Object.defineProperty(view, key, {
          enumerable: true,
          get: () => area.exportKeys(this.#opened.get(area))[key],
        });
      }
    }
    return asStateOf<A>(view);
  }

  /** The whole state as a snapshot's plain JSON: every mounted area's keys. */
  document(): StateOfAreas<A> {
    return asStateOf<A>(
      Object.assign({}, ...this.#areas.map((area) => area.exportKeys(this.#opened.get(area)))),
    );
  }

  /**
   * Replaces the whole state with `raw` (a snapshot's state, or an earlier emulator's JSON data
   * file), or only the area named, upgraded and checked by every area first, then put in place
   * as one unit of work: a bad one (or an unknown area, or a record a store refuses) changes
   * nothing. `source` names it in the error. Returns the areas replaced; committed with the
   * caller's next commit.
   */
  replace(raw: unknown, source: (problem: string) => Error, areaName?: string): string[] {
    const chosen = this.#chosen(areaName);
    const checked = checkedState(this.#areas, raw, source, this.#context);
    for (const area of chosen) {
      const keys = checked[area.name] as never;
      for (const bound of area.bounds ?? []) this.#within(bound, bound.inKeys(keys), source);
      const refusal = area.refusal?.(keys, this.#opened.get(area));
      if (refusal !== undefined) throw source(refusal);
    }
    this.unit(() => {
      for (const area of chosen) {
        const stores = this.#opened.get(area);
        area.reset(stores);
        area.importKeys(stores, checked[area.name] as never);
      }
    });
    return chosen.map((area) => area.name);
  }

  /** Refuses (`source`'s error) records past a limit the areas hold them to: a data file opened. */
  checkLimits(source: (problem: string) => Error): void {
    for (const area of this.#areas) {
      for (const bound of area.bounds ?? [])
        this.#within(bound, bound.inStores(this.#opened.get(area)), source);
    }
  }

  #within(bound: AreaBound<z.ZodRawShape, unknown>, holds: number, source: (problem: string) => Error): void {
    const most = this.#context.limits[bound.limit];
    if (holds <= most) return;
    throw source(
      `holds ${holds} ${bound.what}, more than limits.${bound.limit} allows (${most}): start the emulator with a higher one (${limitSetting(bound.limit)}) to use it`,
    );
  }

  /** Every area, or the one named; an unknown name is an `UnknownAreaError` listing the known ones. */
  #chosen(areaName: string | undefined): readonly AnyArea[] {
    if (areaName === undefined) return this.#areas;
    const chosen = this.#areas.filter((area) => area.name === areaName);
    if (chosen.length === 0) throw new UnknownAreaError(areaName, this.areaNames());
    return chosen;
  }
}

/**
 * An object made of every key of the areas' shapes, each from its area's `exportKeys` (whose
 * type the compiler checks against the shape): typed as the state of those areas. TypeScript
 * cannot follow keys copied one by one, so this is the one place that says so.
 */
function asStateOf<A extends AnyArea>(made: object): StateOfAreas<A> {
  return made as StateOfAreas<A>;
}

/** Each area's keys from `raw`, upgraded and checked; the first problem becomes the error. */
function checkedState(
  areas: readonly AnyArea[],
  raw: unknown,
  source: (problem: string) => Error,
  context: AreaContext,
): Record<string, Record<string, unknown>> {
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
    for (const area of areas) area.migrate?.(raw as Record<string, unknown>, context);
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

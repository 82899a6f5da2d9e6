import type { z } from "zod";
import type { Clock } from "../clock/clock.ts";
import type { Limits } from "../options/limits.ts";
import type { RegionName } from "../regions/region-names.ts";
import type { StorageEngine } from "../storage/engine.ts";

/** What an area's stores may use besides the engine. */
export interface AreaContext {
  /** The bounds on what grows with use (`options/limits.ts`). */
  limits: Limits;
  /** The emulator's clock, which every time a record holds comes from (the test clock included). */
  clock: Clock;
  /**
   * Says something to whoever runs the emulator, once per `topic` (a bound that starts dropping
   * data, say): one line on stderr for the command, the `log` option in code.
   */
  noticeOnce(topic: string, text: string): void;
  /** The QStash regions whose state is kept apart from the top level (`--regions`); none by default. */
  regionsApart?: readonly RegionName[];
}

/**
 * One part of the emulator's state (`messaging`, `management`, `search-data`, …): the stores its
 * API works through, made on whichever engine holds the state, and its keys in a snapshot.
 * Snapshots (and the JSON data files of earlier emulators) keep the versioned JSON format these
 * keys describe; the engine keeps its own layout, which no handler sees.
 */
export interface StoreArea<Shape extends z.ZodRawShape = z.ZodRawShape, S = unknown> {
  /** Names the area in `reset(area)` and in errors. */
  name: string;
  /** Its keys in a snapshot; a key missing from one takes its default. */
  shape: Shape;
  /**
   * Upgrades, in place, a snapshot (or old data file) written by an older emulator before it is
   * checked (the whole top-level object; anything may be missing or malformed in it).
   */
  migrate?(file: Record<string, unknown>, context: AreaContext): void;
  /** Makes the area's stores on the engine (tables are made on first use). */
  open(engine: StorageEngine, context: AreaContext): S;
  /**
   * The area's keys of a snapshot, as plain JSON: every key of its shape, as the shape reads it
   * (the compiler holds the two together, and `emulator.state` is typed from the shapes).
   */
  exportKeys(stores: S): AreaView<Shape>;
  /** Puts a checked snapshot's keys into emptied stores. */
  importKeys(stores: S, keys: AreaData<Shape>): void;
  /** Empties the area (`POST /__stashkit/reset`); what is kept, if anything, is the area's call. */
  reset(stores: S): void;
  /**
   * The limits (`options/limits.ts`) its records are held to: a snapshot or data file holding
   * more than one allows is refused by name, before anything is replaced.
   */
  bounds?: readonly AreaBound<Shape, S>[];
  /**
   * What a snapshot's keys hold that this emulator cannot take (a region it does not run), as
   * a sentence; checked with the bounds, before anything is replaced.
   */
  refusal?(keys: AreaData<Shape>, stores: S): string | undefined;
}

/** One limit an area's records are held to, counted in a snapshot's keys and in the stores. */
export interface AreaBound<Shape extends z.ZodRawShape, S> {
  limit: keyof Limits;
  /** What it counts, as a sentence says it: "waits open". */
  what: string;
  inKeys(keys: AreaData<Shape>): number;
  inStores(stores: S): number;
}

export type AreaData<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/** A snapshot key as JSON: what its schema reads (an optional key may be `undefined`). */
type KeyView<T> =
  T extends z.ZodOptional<infer Inner> ? z.input<Inner> | undefined : Exclude<z.input<T>, undefined>;

/** An area's keys as a snapshot holds them and `emulator.state` shows them, from its shape. */
export type AreaView<Shape extends z.ZodRawShape> = { readonly [K in keyof Shape]: KeyView<Shape[K]> };

type Intersection<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void
  ? I
  : never;

/**
 * The whole state of some areas (a union of area types), as snapshots hold it: every key of
 * every area's shape. `EmulatorState` is this of the areas the list of APIs mounts.
 */
export type StateOfAreas<A> = Intersection<
  A extends { shape: infer Shape extends z.ZodRawShape } ? AreaView<Shape> : never
>;
/** The stores an area makes. */
export type AreaStores<A> = A extends { open(engine: StorageEngine, context: AreaContext): infer S }
  ? S
  : never;

/** Declares an area; the identity function that lets TypeScript infer its shape and stores. */
export function storeArea<Shape extends z.ZodRawShape, S>(area: StoreArea<Shape, S>): StoreArea<Shape, S> {
  return area;
}

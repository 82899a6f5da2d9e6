import type { z } from "zod";

/**
 * One API's part of the emulator's state: the top-level keys of the data file it owns, each
 * with its schema (the types are inferred from it), how older files are upgraded, and what
 * is left after a reset. An API with state declares one and lists it in its module.
 */
export interface StoreArea<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** Names the area (for people reading the code and errors). */
  name: string;
  /** Its keys of the data file; a key missing from a file takes its default. */
  shape: Shape;
  /**
   * Upgrades, in place, a data file written by an older emulator before it is checked (the
   * file's top-level object; anything may be missing or malformed in it).
   */
  migrate?(file: Record<string, unknown>): void;
  /** The state after a reset (`POST /__stashkit/reset`); by default every key's default. */
  reset?(current: AreaData<Shape>, empty: AreaData<Shape>): AreaData<Shape>;
}

export type AreaData<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/** Declares an area; the identity function that lets TypeScript infer the shape. */
export function storeArea<Shape extends z.ZodRawShape>(area: StoreArea<Shape>): StoreArea<Shape> {
  return area;
}

/** What an API's code holds: the area's current state (read it anew each time: a reset replaces it). */
export interface AreaStore<T> {
  readonly data: T;
  /** Writes the data file now; for changes made outside a request (deliveries, cron ticks). */
  commit(): void;
}

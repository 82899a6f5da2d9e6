import { z } from "zod";
import { DataFileError } from "../storage/data-file-error.ts";
import type { AreaData, AreaStore, StoreArea } from "./area.ts";
import { readDataFile, removeStaleTemporaries, writeDataFile } from "./data-file.ts";
import { UnknownAreaError } from "./unknown-area-error.ts";

type AnyArea = StoreArea<z.ZodRawShape>;

/**
 * Holds every area's state. With a data file, `commit()` replaces the file atomically (see
 * `writeDataFile`); the request pipeline commits after each route that writes, before the
 * answer leaves, so an acknowledged change is on disk. The file is checked when the stores
 * are made, so a bad one stops the start, not a later request.
 */
export class Stores {
  readonly #areas: readonly AnyArea[];
  readonly #dataFile: string | undefined;
  readonly #data = new Map<AnyArea, Record<string, unknown>>();
  /** Top-level keys no area owns (written by a newer emulator): kept and written back. */
  #extras: Record<string, unknown> = {};

  constructor(areas: readonly AnyArea[], dataFile?: string) {
    this.#areas = areas;
    this.#dataFile = dataFile;
    if (dataFile) removeStaleTemporaries(dataFile);
    const raw = dataFile ? readDataFile(dataFile) : undefined;
    if (raw === undefined) {
      for (const area of this.#areas) this.#data.set(area, emptyData(area));
    } else {
      this.#load(raw, (problem) => new DataFileError(dataFile as string, problem));
    }
  }

  /** One area's store, for the API that owns it (or one that reads it). */
  area<Shape extends z.ZodRawShape>(area: StoreArea<Shape>): AreaStore<AreaData<Shape>> {
    const known = area as unknown as AnyArea;
    if (!this.#data.has(known)) throw new Error(`store area "${area.name}" is not mounted`);
    const data = this.#data;
    const commit = () => this.commit();
    return {
      get data() {
        return data.get(known) as AreaData<Shape>;
      },
      commit,
    };
  }

  commit(): void {
    if (this.#dataFile) writeDataFile(this.#dataFile, this.#document());
  }

  /** The names of the mounted areas, in the order of the list of APIs. */
  areaNames(): string[] {
    return this.#areas.map((area) => area.name);
  }

  /**
   * Every area (or the one named) back to its reset state, written at once. Returns the names
   * of the areas reset; an unknown name throws an `UnknownAreaError` listing the known ones.
   */
  reset(areaName?: string): string[] {
    const chosen = areaName === undefined ? this.#areas : this.#areas.filter((a) => a.name === areaName);
    if (chosen.length === 0) throw new UnknownAreaError(areaName as string, this.areaNames());
    for (const area of chosen) {
      const empty = emptyData(area);
      const current = this.#data.get(area) as Record<string, unknown>;
      this.#data.set(area, area.reset ? area.reset(current as never, empty as never) : empty);
    }
    this.commit();
    return chosen.map((area) => area.name);
  }

  /**
   * The whole state as plain JSON (what the data file would hold now): every mounted area's
   * keys, whichever API registered it, plus the keys a newer emulator wrote that no area owns.
   */
  document(): Record<string, unknown> {
    return JSON.parse(JSON.stringify(this.#document())) as Record<string, unknown>;
  }

  /**
   * Replaces the whole state with `raw` (a data file's or snapshot's top-level object), upgraded
   * and checked by every area as a data file is; `source` names it in the error. Not written
   * until the next commit. Only before the APIs are mounted: they hold parts of the old state.
   */
  replace(raw: unknown, source: (problem: string) => Error): void {
    this.#load(raw, source);
  }

  /**
   * The whole state as one object whose keys read the areas' current data, so a reference
   * taken before a reset (or before a handler replaces a list) still shows what is there now.
   */
  view(): Record<string, unknown> {
    const view: Record<string, unknown> = {};
    for (const area of this.#areas) {
      for (const key of Object.keys(area.shape)) {
        Object.defineProperty(view, key, {
          enumerable: true,
          get: () => (this.#data.get(area) as Record<string, unknown>)[key],
        });
      }
    }
    return view;
  }

  #document(): Record<string, unknown> {
    return Object.assign({ ...this.#extras }, ...this.#areas.map((area) => this.#data.get(area)));
  }

  #load(raw: unknown, failure: (problem: string) => Error): void {
    if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
      for (const area of this.#areas) area.migrate?.(raw as Record<string, unknown>);
    }
    // Loose: a file written by a newer emulator with extra fields still loads, and keeps them.
    const shape = Object.assign({}, ...this.#areas.map((area) => area.shape));
    const parsed = z.looseObject(shape).safeParse(raw);
    if (!parsed.success) throw failure(notState(parsed.error));
    const document = { ...(parsed.data as Record<string, unknown>) };
    for (const area of this.#areas) {
      const data: Record<string, unknown> = {};
      for (const key of Object.keys(area.shape)) {
        if (document[key] !== undefined) data[key] = document[key];
        delete document[key];
      }
      this.#data.set(area, data);
    }
    this.#extras = document;
  }
}

function emptyData(area: AnyArea): Record<string, unknown> {
  return z.object(area.shape).parse({}) as Record<string, unknown>;
}

function notState(error: z.ZodError): string {
  const [first, ...others] = error.issues;
  const where = first?.path.length ? first.path.join(".") : "the top level";
  const more = others.length > 0 ? ` (and ${others.length} more problems)` : "";
  return `does not hold emulator state: ${where}: ${first?.message ?? "unexpected value"}${more}; fix it or move it aside`;
}

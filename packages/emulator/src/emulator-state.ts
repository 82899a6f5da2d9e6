import type { APIS, AreasOf } from "./apis.ts";
import type { StateOfAreas } from "./state/area.ts";

/**
 * What `emulator.state` (and `GET /__stashkit/state`) shows: every key of every store area the
 * APIs mount, each as a snapshot holds it (the key's zod schema in its area's `shape` says how),
 * read from the stores when a key is read (so reading `queues` does not read the search
 * documents). Read-only: change state through the APIs (or `emulator.indexes` for an index an
 * API would not make). Derived from the areas: a key added to an area's shape is here too.
 */
export type EmulatorState = StateOfAreas<AreasOf<typeof APIS>>;

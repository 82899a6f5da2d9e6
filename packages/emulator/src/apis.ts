import type { z } from "zod";
import type { ApiProfile } from "./http/api.ts";
import { managementApi } from "./management/profile.ts";
import type { Messaging } from "./messaging/engine.ts";
import { messagingApi } from "./messaging/profile.ts";
import type { Account, EmulatorOptions } from "./options/emulator-options.ts";
import type { EmulatorSettings } from "./options/settings.ts";
import { searchDataApi } from "./search-data/module.ts";
import type { AreaData, StoreArea } from "./state/area.ts";
import type { Stores } from "./state/stores.ts";

/** What an API may take when it is mounted; each takes only what it names. */
export interface EmulatorDeps {
  stores: Stores;
  /** Live settings: read them at each request. */
  settings: EmulatorSettings;
  options: EmulatorOptions;
  tokens: readonly string[];
  accounts: readonly Account[];
  /** The messaging engine (delivery, scheduler, clock), shared with the control API. */
  messaging: Messaging;
}

/** One emulated API: its name, the store areas it owns, and how its profile is made. */
export interface ApiModule {
  readonly name: string;
  readonly areas: readonly StoreArea<z.ZodRawShape>[];
  mount(deps: EmulatorDeps): ApiProfile<unknown>;
}

/**
 * Every emulated API, in route-matching order. Adding an API is its folder (a profile, a route
 * table, a store area) and one line here; the pipeline, the data file, the request counts and
 * `EmulatorState` follow from this list. The control API is mounted after them by the server.
 */
export const APIS = [messagingApi, managementApi, searchDataApi] as const satisfies readonly ApiModule[];

type Module = (typeof APIS)[number];
type AreaOf<M> = M extends { areas: readonly (infer A)[] } ? A : never;
type DataOf<A> = A extends StoreArea<infer Shape> ? AreaData<Shape> : never;
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void
  ? I
  : never;

/** The names of the emulated APIs, as the request counts use them. */
export type ApiName = Module["name"];
/** The whole state: every API's store areas side by side, as the data file holds them. */
export type EmulatorState = Intersection<DataOf<AreaOf<Module>>>;

/** Every store area the APIs own, in the order of the list. */
export function storeAreas(apis: readonly ApiModule[]): readonly StoreArea<z.ZodRawShape>[] {
  return apis.flatMap((api) => api.areas);
}

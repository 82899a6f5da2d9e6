import type { ApiName } from "./apis.ts";
import type { EmulatorControls } from "./control/controls.ts";
import type { SearchEnv } from "./control/search-env.ts";
import type { EmulatorState } from "./emulator-state.ts";
import type { RequestCounts } from "./http/request-log.ts";
import type { Account } from "./options/emulator-options.ts";

/**
 * What `startEmulator` gives back: where it listens, what it accepts, and its levers. `S` is the
 * state's type, that of the areas the APIs mount (`EmulatorState` for the emulator's own list).
 */
export interface RunningEmulator<S = EmulatorState> extends EmulatorControls<S, RequestCounts<ApiName>> {
  /** Base URL of every API, e.g. `http://127.0.0.1:40123`. */
  url: string;
  port: number;
  /** A token the messaging API accepts. */
  messagingToken: string;
  /**
   * A token the messaging API serves reads with and refuses writes (403), as the service's
   * read-only token (`read_only_token`).
   */
  messagingReadOnlyToken: string;
  /** An account the management API accepts. */
  account: Account;
  /**
   * The variables `Search.fromEnv()` reads for the index named (`UPSTASH_SEARCH_REST_URL`, this
   * emulator's data plane for it, and `UPSTASH_SEARCH_REST_TOKEN`); an unknown name throws.
   */
  searchEnv(name: string): SearchEnv;
  /**
   * What `new Client()` and `new Receiver()` of `@upstash/qstash` read to reach it: `QSTASH_URL`,
   * `QSTASH_TOKEN` and the signing keys; with `regions`, also `QSTASH_REGION` and each region's
   * `<REGION>_QSTASH_URL`, `_TOKEN`, `_CURRENT_SIGNING_KEY` and `_NEXT_SIGNING_KEY`, as the banner
   * prints them. Read at the call: a rotation since start is in it.
   */
  qstashEnv(): Record<string, string>;
  stop(): Promise<void>;
  /** The same as `stop()`, under the name test runners' teardown hooks expect. */
  close(): Promise<void>;
}

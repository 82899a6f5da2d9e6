import type { Fault, FaultScript, RouteKey } from "../faults/fault.ts";
import type { DeliveredMessage } from "../messaging/delivery.ts";
import type { RequestLogEntry } from "../request-log.ts";
import type { EmulatorSettings } from "../settings.ts";
import type { EmulatorState } from "../state/records.ts";
import type { Store } from "../state/store.ts";

/**
 * The levers a test pulls, in code or over the control API. Built before the server
 * listens, from the parts the server shares with it, so neither needs the other.
 */
export interface EmulatorControls {
  /** Live settings: change them at any time (latency, race window, duplicate mode). */
  settings: EmulatorSettings;
  /** Every API request in arrival order (control requests are not logged). */
  requests: RequestLogEntry[];
  /** Messages delivered to their destinations, in delivery order. */
  delivered: DeliveredMessage[];
  state: EmulatorState;
  /** Queue faults for a route such as `POST /v2/search`; consumed one per request. */
  inject(route: RouteKey, ...faults: Fault[]): void;
  /** How many scripted faults each route still has. */
  pendingFaults(): Record<RouteKey, number>;
  clearFaults(): void;
  clearRequests(): void;
  /** Empties the state, the faults, the request log and the delivery record. */
  reset(): void;
}

export interface ControlParts {
  settings: EmulatorSettings;
  store: Store;
  faults: FaultScript;
  requests: RequestLogEntry[];
  delivered: DeliveredMessage[];
}

export function createControls({
  settings,
  store,
  faults,
  requests,
  delivered,
}: ControlParts): EmulatorControls {
  const controls: EmulatorControls = {
    settings,
    requests,
    delivered,
    state: store.state,
    inject: (route, ...scripted) => faults.add(route, scripted),
    pendingFaults: () => faults.remaining(),
    clearFaults: () => faults.clear(),
    clearRequests: () => {
      requests.length = 0;
    },
    reset: () => {
      store.reset();
      controls.clearFaults();
      controls.clearRequests();
      delivered.length = 0;
    },
  };
  return controls;
}

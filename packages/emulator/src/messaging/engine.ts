import { holdReason } from "@stashkit/stall-reasons";
import type { Clock } from "../clock/clock.ts";
import type { MessagingOptions } from "../options/emulator-options.ts";
import { InvalidSettingError } from "../options/invalid-setting.ts";
import type { Limits } from "../options/limits.ts";
import { chooseSigningKeys, type SigningKeys } from "../signing/keys.ts";
import type { Stores } from "../state/stores.ts";
import { type MessagingStores, messagingArea } from "./area.ts";
import type { DeliveryHooks } from "./delivery/attempt.ts";
import type { DeliveredMessage } from "./delivery/delivered.ts";
import { Delivery } from "./delivery/delivery.ts";
import { DeliveryGate } from "./delivery/delivery-gate.ts";
import { DestinationFaults } from "./delivery/destination-faults.ts";
import { EventLog } from "./events/event-log.ts";
import { type EventStore, eventArea } from "./events/store.ts";
import { FlowControl } from "./flow-control/flow-control.ts";
import { MessageBook } from "./messages/message-book.ts";
import type { StoredMessage } from "./messages/record.ts";
import { type Publish, publisher } from "./publish/publisher.ts";
import { Registry } from "./registry.ts";
import { scheduledMessage } from "./schedules/scheduled-message.ts";
import { Scheduler } from "./schedules/scheduler.ts";
import { type UrlGroupStore, urlGroupArea } from "./url-groups/store.ts";
import { type WorkflowStores, workflowArea } from "./workflow/area.ts";
import { type HarnessParts, WorkflowHarness } from "./workflow/harness.ts";
import { WorkflowRuns } from "./workflow/runs.ts";
import { Waits } from "./workflow/waits.ts";
import { Workflows } from "./workflow/workflows.ts";

const DEFAULT_DELIVERY_TIMEOUT_MS = 15 * 60 * 1000;

/** Every part of the messaging engine, as its registry knows them. */
export interface MessagingParts {
  clock: Clock;
  stores: MessagingStores;
  workflowStores: WorkflowStores;
  eventStore: EventStore;
  urlGroups: UrlGroupStore;
  /**
   * Writes what background work changed (deliveries, cron ticks, timeouts) soon, in one sync with
   * whatever else changed meanwhile: no answer waits for it (at-least-once delivery covers a kill).
   */
  commit: () => void;
  book: MessageBook;
  flow: FlowControl;
  events: EventLog;
  runs: WorkflowRuns;
  workflows: Workflows;
  delivery: Delivery;
  publish: Publish;
  waits: Waits;
  scheduler: Scheduler;
  /** Live: rotation changes this object in place. */
  signingKeys: SigningKeys;
  /** Failures scripted for destinations. */
  faults: DestinationFaults;
  /** Workflow apps tested like functions (`emulator.workflows`). */
  harness: WorkflowHarness;
}

export interface MessagingDeps {
  stores: Stores;
  clock: Clock;
  limits: Pick<Limits, "keptDeliveries">;
  options: MessagingOptions;
  noticeOnce(topic: string, text: string): void;
}

/**
 * The messaging engine: the message book, delivery, the scheduler, flow control, workflows and
 * waits, over the messaging stores and the emulator's clock. Its routes are in `routes.ts`;
 * this is what they (and the control API) act on.
 */
export function createMessaging(deps: MessagingDeps) {
  const { clock, options } = deps;
  const parts = new Registry<MessagingParts>();
  const stores = parts.register("stores", deps.stores.of(messagingArea));
  const workflowStores = parts.register("workflowStores", deps.stores.of(workflowArea));
  const eventStore = parts.register("eventStore", deps.stores.of(eventArea));
  parts.register("urlGroups", deps.stores.of(urlGroupArea));
  parts.register("clock", clock);
  const commit = parts.register("commit", () => deps.stores.commitSoon());
  const signingKeys = parts.register("signingKeys", signingKeysOf(stores, options));
  const timing = checkedOptions(options);

  const book = parts.register("book", new MessageBook({ ...stores, clock }));
  const flow = parts.register("flow", new FlowControl(stores.flowControl));
  const events = parts.register("events", new EventLog(eventStore, clock));
  const runs = parts.register("runs", new WorkflowRuns(workflowStores.runs, () => clock.now()));
  const workflows = parts.register("workflows", new Workflows(parts));
  const delivery = parts.register(
    "delivery",
    new Delivery({
      ...stores,
      clock,
      flow,
      signingKeys: () => signingKeys,
      ...timing,
      gate: deliveryGate(options),
      hooks: deliveryHooks(events, workflows),
      commit,
      faults: parts.register("faults", new DestinationFaults()),
      keptDeliveries: deps.limits.keptDeliveries,
      noticeOnce: deps.noticeOnce,
    }),
  );
  const publish = parts.register("publish", publisher({ clock, book, flow, delivery, workflows, events }));
  const waits = parts.register("waits", new Waits({ ...workflowStores, runs, clock, publish, commit }));
  const scheduler = parts.register(
    "scheduler",
    new Scheduler({
      schedules: stores.schedules,
      clock,
      fire: (schedule, at) => publish(scheduledMessage(schedule, at)),
      commit,
    }),
  );
  const moving = timers({ scheduler, waits, delivery });
  parts.register(
    "harness",
    harnessOf({ runs, stores, waits: workflowStores.waits, delivery, flow, publish, moving, clock }),
  );
  return {
    parts,
    delivered: delivery.delivered as DeliveredMessage[],
    ...moving,
    /** A restore replaced the state: the signing keys are chosen again (in place), then as at start. */
    stateReplaced(): void {
      Object.assign(signingKeys, signingKeysOf(stores, options));
      moving.start();
    },
  };
}

export type Messaging = ReturnType<typeof createMessaging>;

/** The Workflow testing API over the engine's parts; moving its clock runs what came due. */
function harnessOf(parts: {
  runs: WorkflowRuns;
  stores: MessagingStores;
  waits: HarnessParts["waits"];
  delivery: Delivery;
  flow: FlowControl;
  publish: Publish;
  moving: { clockMoved(): void };
  clock: Clock;
}): WorkflowHarness {
  const { stores, clock, flow } = parts;
  return new WorkflowHarness({
    ...parts,
    messages: stores.messages,
    advanceClock(ms) {
      clock.advance(ms);
      parts.moving.clockMoved();
    },
    heldBy: (message) => heldBy(message, stores, flow),
  });
}

/** The keys given win, then those kept in the store, then new ones; kept for the next start. */
function signingKeysOf(stores: MessagingStores, options: MessagingOptions): SigningKeys {
  const keys = chooseSigningKeys(options.signingKeys ?? {}, stores.signingKeys.get());
  stores.signingKeys.put(keys);
  return { ...keys };
}

/** Why a due message does not go: its queue or flow-control key holds it. */
function heldBy(message: StoredMessage, stores: MessagingStores, flow: FlowControl): string | undefined {
  const queue = message.queueName === undefined ? undefined : stores.queues.get(message.queueName);
  if (queue?.paused) return holdReason({ kind: "queue-paused", queue: queue.name });
  const key = message.flowControlKey;
  if (key !== undefined && flow.get(key)?.paused) return holdReason({ kind: "flow-control-paused", key });
  if (key !== undefined && !flow.mayStart(key)) return holdReason({ kind: "flow-control-full", key });
  return undefined;
}

/** Where deliveries may go and how many may be open at once, from the messaging options. */
function deliveryGate(options: MessagingOptions): DeliveryGate {
  return new DeliveryGate({
    allowedDestinations: options.allowedDestinations,
    perDestination: options.maxDeliveriesPerDestination,
    inAll: options.maxDeliveries,
  });
}

/** Around each delivery attempt: the workflow body, then the message events and workflow follow-ups. */
function deliveryHooks(events: EventLog, workflows: Workflows): DeliveryHooks {
  return {
    prepare: (message) => workflows.prepare(message),
    attempted: (message, attempt, fate) => {
      events.attempted(message, attempt, fate);
      workflows.attempted(message, attempt, fate);
    },
    started: (message) => events.record(message, "ACTIVE"),
  };
}

/** What runs on the clock: cron ticks, event-wait timeouts and due deliveries. */
function timers(parts: { scheduler: Scheduler; waits: Waits; delivery: Delivery }) {
  const { scheduler, waits, delivery } = parts;
  return {
    /** The test clock moved: fires the cron ticks passed over, times out waits, delivers what is due. */
    clockMoved(): number {
      const fired = scheduler.run();
      waits.expire();
      delivery.pump();
      return fired;
    },
    /** Starts delivering what the state holds and arms the schedule timer. */
    start(): void {
      scheduler.run();
      waits.plan();
      delivery.pump();
    },
    stop(): void {
      delivery.stop();
      scheduler.stop();
      waits.stop();
    },
  };
}

/** Bad messaging options stop the start with an error naming the option and what it takes. */
function checkedOptions(options: MessagingOptions): { backoffScale: number; timeoutMs: number } {
  const scale = options.retryBackoffScale ?? 1;
  if (!Number.isFinite(scale) || scale < 0) {
    throw new InvalidSettingError(`retryBackoffScale must be a number of 0 or more, got ${String(scale)}`);
  }
  const timeoutMs = options.deliveryTimeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) {
    throw new InvalidSettingError(
      `deliveryTimeoutMs must be a whole number of 1 or more, got ${String(timeoutMs)}`,
    );
  }
  for (const which of ["current", "next"] as const) {
    const key = options.signingKeys?.[which];
    if (key !== undefined && (typeof key !== "string" || key.trim() === "")) {
      throw new InvalidSettingError(`signingKeys.${which} must be a non-empty string`);
    }
  }
  return { backoffScale: scale, timeoutMs };
}

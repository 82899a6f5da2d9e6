import { holdReason } from "@stashkit/stall-reasons";
import type { Clock } from "../../clock/clock.ts";
import type { MessagingOptions } from "../../options/emulator-options.ts";
import { InvalidSettingError } from "../../options/invalid-setting.ts";
import type { Limits } from "../../options/limits.ts";
import type { RegionName } from "../../regions/region-names.ts";
import { chooseSigningKeys, type SigningKeys } from "../../signing/keys.ts";
import type { Stores } from "../../state/stores.ts";
import type { MessagingStores } from "../records/area.ts";
import type { EventStore } from "../records/event-store.ts";
import type { StoredMessage } from "../records/message-record.ts";
import type { GivenCredentials, RegionCredentials } from "../records/region-plan.ts";
import type { RegionalStores } from "../records/regions-area.ts";
import type { StoredSchedule } from "../records/schedule-store.ts";
import type { UrlGroupStore } from "../records/url-group-store.ts";
import type { WorkflowStores } from "../records/workflow-area.ts";
import { type ByHand, byHand } from "./by-hand.ts";
import type { DeliveryHooks } from "./delivery/attempt.ts";
import type { DeliveredMessage, DeliveryRecord } from "./delivery/delivered.ts";
import { Delivery } from "./delivery/delivery.ts";
import { DeliveryGate } from "./delivery/delivery-gate.ts";
import type { DestinationFaults } from "./delivery/destination-faults.ts";
import { EventLog } from "./event-log.ts";
import { FlowControl } from "./flow-control.ts";
import { MessageBook } from "./message-book.ts";
import { PlanLimits } from "./plan-limits.ts";
import { type Publish, publisher } from "./publisher.ts";
import { fireSchedule } from "./scheduled-message.ts";
import { Scheduler } from "./scheduler.ts";
import { WorkflowAdmission } from "./workflow/admission.ts";
import { type HarnessParts, WorkflowHarness } from "./workflow/harness.ts";
import { sendInvokeResult } from "./workflow/invokes.ts";
import { WorkflowRuns } from "./workflow/runs.ts";
import { Waits } from "./workflow/waits.ts";
import { Workflows } from "./workflow/workflows.ts";

const DEFAULT_DELIVERY_TIMEOUT_MS = 15 * 60 * 1000;

/**
 * The parts of the messaging engine, each made once with the parts it needs as constructor
 * arguments, in an order where each exists before its users: the stores, the message book, flow
 * control and the message log, the runs, delivery, publishing, waits, the scheduler, workflows.
 * The one dependency that points back (what follows a delivery attempt publishes, and publishing
 * hands messages to delivery) is the explicit hook `delivery.followUp(…)`.
 */
export interface MessagingEngine {
  clock: Clock;
  stores: MessagingStores;
  workflowStores: WorkflowStores;
  eventStore: EventStore;
  urlGroups: UrlGroupStore;
  book: MessageBook;
  flow: FlowControl;
  events: EventLog;
  runs: WorkflowRuns;
  admission: WorkflowAdmission;
  delivery: Delivery;
  publish: Publish;
  waits: Waits;
  scheduler: Scheduler;
  workflows: Workflows;
  /** Live: rotation changes this object in place. */
  signingKeys: SigningKeys;
  /** What the region accepts and signs with: its tokens, and `signingKeys` (the same live object). */
  credentials: RegionCredentials;
  /** Failures scripted for destinations. */
  faults: DestinationFaults;
  /** Workflow apps tested like functions (`emulator.workflows`). */
  harness: WorkflowHarness;
  /** What the inspector does by hand: run a schedule now, retry a DLQ entry with another payload. */
  byHand: ByHand;
  /** What `--plan` refuses (nothing without it). */
  plan: PlanLimits;
}

export interface MessagingDeps {
  stores: Stores;
  clock: Clock;
  limits: Pick<Limits, "keptDeliveries">;
  options: MessagingOptions;
  noticeOnce(topic: string, text: string): void;
}

/** The region an engine runs: its stores, what it accepts, and what every region's delivery shares. */
export interface EngineRegion {
  /** Undefined for the one region of a single-region emulator (its deliveries carry no region). */
  name: RegionName | undefined;
  stores: RegionalStores;
  credentials: GivenCredentials;
  /** One per emulator: the delivery record, the gate on open deliveries, the destination faults. */
  shared: { record: DeliveryRecord; gate: DeliveryGate; faults: DestinationFaults };
}

/**
 * The messaging engine: the message book, delivery, the scheduler, flow control, workflows and
 * waits, over the messaging stores and the emulator's clock. Its routes (`routes/routes.ts`) and
 * the control API act on it.
 */
export function createMessaging(deps: MessagingDeps, region: EngineRegion) {
  const { clock, options } = deps;
  const { messaging: stores, workflow: workflowStores, events: eventStore, urlGroups } = region.stores;
  const { gate, faults, record } = region.shared;
  /**
   * Background work (a delivery settled, cron ticks, timeouts) as one unit of work, written soon
   * in one sync with other background units: no answer waits for it (at-least-once delivery
   * covers a kill).
   */
  const background = <T>(work: () => T): T => deps.stores.background(work);
  const timing = checkedOptions(options);
  const signingKeys = signingKeysOf(stores, region.credentials);
  const { tokens, readOnlyTokens } = region.credentials;
  const credentials = { tokens, readOnlyTokens, signingKeys };

  const book = new MessageBook({ ...stores, clock });
  const flow = new FlowControl(stores.flowControl);
  const events = new EventLog(eventStore, clock);
  const runs = new WorkflowRuns(workflowStores.runs, () => clock.now());
  const admission = new WorkflowAdmission(runs);
  const delivery = new Delivery({
    ...{ ...stores, clock, flow, signingKeys: () => signingKeys, ...timing, background, faults },
    ...{ gate, hooks: deliveryHooks(events, admission), region: region.name, record },
    ...{ keptDeliveries: deps.limits.keptDeliveries, noticeOnce: deps.noticeOnce },
  });
  const publish = publisher({ clock, book, flow, delivery, workflows: admission, events });
  const waits = new Waits({ ...workflowStores, runs, clock, publish, background });
  const fire = (schedule: StoredSchedule, at: number) => fireSchedule(publish, urlGroups, schedule, at);
  runs.whenEnded((run) => sendInvokeResult(publish, run));
  const scheduler = new Scheduler({ schedules: stores.schedules, clock, fire, background });
  const workflows = new Workflows({ runs, messages: stores.messages, dlq: stores.dlq, publish, waits });
  delivery.followUp((message, attempt, fate) => workflows.attempted(message, attempt, fate));
  const moving = timers({ scheduler, waits, delivery });
  const cancel = (runIds: readonly string[]) => workflows.cancel(runIds);
  const harness = harnessOf({
    ...{ runs, cancel, stores, delivery, flow, publish, moving, clock },
    waits: workflowStores.waits,
  });
  const engine: MessagingEngine = {
    ...{ clock, stores, workflowStores, eventStore, urlGroups, book, flow, events, runs, admission },
    ...{ delivery, publish, waits, scheduler, workflows, signingKeys, credentials, faults, harness },
    byHand: byHand({ schedules: stores.schedules, dlq: stores.dlq, publish, clock }),
    plan: new PlanLimits(options.plan, clock),
  };
  return {
    engine,
    delivered: delivery.delivered as DeliveredMessage[],
    ...moving,
    /** A restore replaced the state: the signing keys are chosen again (in place), then as at start. */
    stateReplaced(): void {
      Object.assign(signingKeys, signingKeysOf(stores, region.credentials));
      moving.start();
    },
  };
}

export type Messaging = ReturnType<typeof createMessaging>;

/** The Workflow testing API over the engine's parts; moving its clock runs what came due. */
function harnessOf(parts: {
  runs: WorkflowRuns;
  cancel: HarnessParts["cancel"];
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
function signingKeysOf(stores: MessagingStores, credentials: GivenCredentials): SigningKeys {
  const keys = chooseSigningKeys(credentials.signingKeys, stores.signingKeys.get());
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
export function deliveryGate(options: MessagingOptions): DeliveryGate {
  return new DeliveryGate({
    allowedDestinations: options.allowedDestinations,
    perDestination: options.maxDeliveriesPerDestination,
    inAll: options.maxDeliveries,
  });
}

/** Around each delivery attempt: the workflow body, and the message log (the follow-ups are a hook of their own). */
function deliveryHooks(events: EventLog, admission: WorkflowAdmission): DeliveryHooks {
  return {
    prepare: (message) => admission.prepare(message),
    attempted: (message, attempt, fate) => events.attempted(message, attempt, fate),
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

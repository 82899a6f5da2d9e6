import { Clock } from "../clock/clock.ts";
import type { MessagingOptions } from "../options/emulator-options.ts";
import { InvalidSettingError } from "../options/invalid-setting.ts";
import { chooseSigningKeys } from "../signing/keys.ts";
import type { Stores } from "../state/stores.ts";
import { type DeliveredMessage, Delivery, type DeliveryHooks } from "./delivery/delivery.ts";
import { DeliveryGate } from "./delivery/delivery-gate.ts";
import { EventLog } from "./events/event-log.ts";
import { eventArea } from "./events/store.ts";
import { FlowControl } from "./flow-control/flow-control.ts";
import { MessageBook } from "./messages/message-book.ts";
import { publisher } from "./publish/publisher.ts";
import { Scheduler } from "./schedules/scheduler.ts";
import { messagingArea, type StoredSchedule } from "./store.ts";
import { urlGroupArea } from "./url-groups/store.ts";
import { WorkflowRuns } from "./workflow/runs.ts";
import { workflowArea } from "./workflow/store.ts";
import { Waits } from "./workflow/waits.ts";
import { Workflows } from "./workflow/workflows.ts";

const DEFAULT_DELIVERY_TIMEOUT_MS = 15 * 60 * 1000;

/**
 * The messaging engine: the message book, delivery, the scheduler, flow control and the test
 * clock. Its routes are in `routes.ts`; this is what they (and the control API) act on.
 */
export function createMessaging(stores: Stores, options: MessagingOptions = {}) {
  const store = stores.area(messagingArea);
  const workflowStore = stores.area(workflowArea);
  const { scale, timeoutMs } = checkedOptions(options);
  const signingKeys = chooseSigningKeys(options.signingKeys ?? {}, store.data.signingKeys);
  store.data.signingKeys = { ...signingKeys };

  const clock = new Clock();
  const book = new MessageBook(store, clock);
  const events = new EventLog(stores.area(eventArea), clock);
  const flow = new FlowControl(store);
  const runs = new WorkflowRuns(workflowStore, () => clock.now());
  const workflows = new Workflows({ runs, store: workflowStore, book, publish: () => publish });
  const delivery = new Delivery({
    store,
    clock,
    book,
    flow,
    signingKeys: () => signingKeys,
    backoffScale: scale,
    timeoutMs,
    gate: deliveryGate(options),
    hooks: deliveryHooks(events, workflows),
  });
  const publish = publisher({
    clock,
    book,
    flow,
    pump: () => delivery.pump(),
    admit: (input) => workflows.admit(input),
    accepted: (message) => events.record(message, "CREATED"),
  });
  const waits = new Waits({ store: workflowStore, runs, clock, publish: () => publish });
  const scheduler = new Scheduler({
    store,
    clock,
    fire: (schedule, at) => publish(scheduledMessage(schedule, at)),
  });

  return {
    store,
    clock,
    book,
    flow,
    delivery,
    publish,
    scheduler,
    runs,
    workflows,
    events,
    urlGroups: stores.area(urlGroupArea),
    waits,
    /** Live: rotation changes this object in place. */
    signingKeys,
    delivered: delivery.delivered as DeliveredMessage[],
    clockReading: () => ({ now: clock.now(), offsetMs: clock.offsetMs }),
    ...timers({ clock, scheduler, waits, delivery }),
  };
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
function timers(parts: { clock: Clock; scheduler: Scheduler; waits: Waits; delivery: Delivery }) {
  const { clock, scheduler, waits, delivery } = parts;
  return {
    advanceClock(ms: number): number {
      clock.advance(ms);
      const fired = scheduler.run();
      waits.expire();
      delivery.pump();
      return fired;
    },
    /**
     * Starts delivering what the state holds and arms the schedule timer. Nothing is written
     * yet: generated signing keys reach the data file with its first change.
     */
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

export type Messaging = ReturnType<typeof createMessaging>;

function scheduledMessage(schedule: StoredSchedule, at: number) {
  return {
    destination: schedule.destination,
    body: Buffer.from(schedule.body, "base64"),
    settings: {
      forwarded: schedule.headers,
      contentBasedDeduplication: false,
      method: schedule.method,
      retries: schedule.retries,
      ...(schedule.delay === undefined ? {} : { notBefore: at + schedule.delay * 1000 }),
      ...(schedule.timeoutMs === undefined ? {} : { timeoutMs: schedule.timeoutMs }),
      ...(schedule.retryDelayExpression === undefined
        ? {}
        : { retryDelayExpression: schedule.retryDelayExpression }),
      ...(schedule.labels === undefined ? {} : { labels: schedule.labels }),
      ...(schedule.flowControlKey === undefined
        ? {}
        : { flowControlKey: schedule.flowControlKey, flowControl: schedule.flowControl ?? {} }),
    },
    scheduleId: schedule.scheduleId,
    ...(schedule.queueName === undefined ? {} : { queueName: schedule.queueName }),
    ...(schedule.callerIp === undefined ? {} : { callerIp: schedule.callerIp }),
  };
}

/** Bad messaging options stop the start with an error naming the option and what it takes. */
function checkedOptions(options: MessagingOptions): { scale: number; timeoutMs: number } {
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
  return { scale, timeoutMs };
}

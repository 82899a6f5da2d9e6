import type { ApiRoute, RouteEntry } from "../routes.ts";
import { chooseSigningKeys, type SigningKeys } from "../signing/keys.ts";
import type { Store } from "../state/store.ts";
import { Clock } from "./clock.ts";
import { type DeliveredMessage, Delivery } from "./delivery.ts";
import { dlqRoutes } from "./dlq-routes.ts";
import { FlowControl } from "./flow-control.ts";
import { flowControlRoutes } from "./flow-control-routes.ts";
import { keyRoutes } from "./key-routes.ts";
import { upgradeLegacyMessages } from "./legacy.ts";
import { MessageBook } from "./message-book.ts";
import { messageRoutes } from "./message-routes.ts";
import { publishRoutes } from "./publish-routes.ts";
import { publisher } from "./publisher.ts";
import { queueRoutes } from "./queue-routes.ts";
import type { StoredSchedule } from "./records.ts";
import { scheduleRoutes } from "./schedule-routes.ts";
import { Scheduler } from "./scheduler.ts";

export interface MessagingOptions {
  /**
   * Multiplies the documented retry backoff (12 s, 2 min 28 s, 30 min…). 1 (the default) is
   * the service's timing; 0.001 makes the first retry wait 12 ms; 0 retries at once.
   */
  retryBackoffScale?: number;
  /** Keys to sign deliveries with; missing ones are taken from the data file or generated. */
  signingKeys?: Partial<SigningKeys>;
  /** Longest a destination may take when a message sets no `Upstash-Timeout` (default 15 min). */
  deliveryTimeoutMs?: number;
}

const DEFAULT_DELIVERY_TIMEOUT_MS = 15 * 60 * 1000;

/** The whole messaging API: its routes, the delivery engine, the scheduler and the test clock. */
export function createMessaging(store: Store, options: MessagingOptions = {}) {
  const scale = options.retryBackoffScale ?? 1;
  if (!Number.isFinite(scale) || scale < 0)
    throw new RangeError("retryBackoffScale must be a number of 0 or more");
  upgradeLegacyMessages(store.state);
  const signingKeys = chooseSigningKeys(options.signingKeys ?? {}, store.state.signingKeys);
  store.state.signingKeys = { ...signingKeys };

  const clock = new Clock();
  const book = new MessageBook(store, clock);
  const flow = new FlowControl(store);
  const delivery = new Delivery({
    store,
    clock,
    book,
    flow,
    signingKeys: () => signingKeys,
    backoffScale: scale,
    timeoutMs: options.deliveryTimeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS,
  });
  const publish = publisher({ store, clock, book, flow, pump: () => delivery.pump() });
  const scheduler = new Scheduler({
    store,
    clock,
    fire: (schedule, at) => publish(scheduledMessage(schedule, at)),
  });

  const queues = queueRoutes(store, delivery);
  const published = publishRoutes(publish);
  const messages = messageRoutes(store, book);
  const dlq = dlqRoutes(store, publish);
  const schedules = scheduleRoutes(store, clock, scheduler);
  const flowControl = flowControlRoutes({ store, clock, flow, book, delivery });
  const keys = keyRoutes(store, signingKeys);

  // Order matters where patterns overlap: literal paths before `:param`, `…/pause` before `*destination`.
  const entry = (method: string, pattern: string, route: ApiRoute): RouteEntry => ({
    method,
    pattern,
    route,
  });
  const routes: RouteEntry[] = [
    entry("POST", "/v2/queues", queues.upsert),
    entry("GET", "/v2/queues", queues.list),
    entry("GET", "/v2/queues/:name", queues.get),
    entry("DELETE", "/v2/queues/:name", queues.remove),
    entry("POST", "/v2/queues/:name/pause", queues.pause),
    entry("POST", "/v2/queues/:name/resume", queues.resume),
    entry("POST", "/v2/enqueue/:name/*destination", published.enqueue),
    entry("POST", "/v2/publish/*destination", published.publishOne),
    entry("POST", "/v2/batch", published.batch),
    entry("GET", "/v2/messages/:id", messages.get),
    entry("DELETE", "/v2/messages/:id", messages.cancel),
    entry("DELETE", "/v2/messages", messages.cancelMany),
    entry("GET", "/v2/dlq", dlq.list),
    entry("DELETE", "/v2/dlq", dlq.removeMany),
    entry("POST", "/v2/dlq/retry", dlq.retryMany),
    entry("POST", "/v2/dlq/retry/:id", dlq.retry),
    entry("GET", "/v2/dlq/:id", dlq.get),
    entry("DELETE", "/v2/dlq/:id", dlq.removeOne),
    entry("GET", "/v2/schedules", schedules.list),
    entry("GET", "/v2/schedules/:id", schedules.get),
    entry("DELETE", "/v2/schedules/:id", schedules.remove),
    // The document says POST; the official SDK sends PATCH. Both work.
    entry("POST", "/v2/schedules/:id/pause", schedules.pause),
    entry("PATCH", "/v2/schedules/:id/pause", schedules.pause),
    entry("POST", "/v2/schedules/:id/resume", schedules.resume),
    entry("PATCH", "/v2/schedules/:id/resume", schedules.resume),
    entry("POST", "/v2/schedules/*destination", schedules.create),
    entry("GET", "/v2/flowControl", flowControl.list),
    entry("GET", "/v2/flowControl/:key", flowControl.get),
    entry("POST", "/v2/flowControl/:key/pause", flowControl.pause),
    entry("POST", "/v2/flowControl/:key/resume", flowControl.resume),
    entry("POST", "/v2/flowControl/:key/pin", flowControl.pin),
    entry("POST", "/v2/flowControl/:key/unpin", flowControl.unpin),
    entry("POST", "/v2/flowControl/:key/resetRate", flowControl.resetRate),
    entry("GET", "/v2/keys", keys.get),
    entry("POST", "/v2/keys/rotate", keys.rotate),
  ];

  const advanceClock = (ms: number): number => {
    clock.advance(ms);
    const fired = scheduler.run();
    delivery.pump();
    return fired;
  };

  return {
    routes,
    /** Live: rotation changes this object in place. */
    signingKeys,
    delivered: delivery.delivered as DeliveredMessage[],
    advanceClock,
    clock: () => ({ now: clock.now(), offsetMs: clock.offsetMs }),
    /**
     * Starts delivering what the state holds and arms the schedule timer. Nothing is written
     * yet: generated signing keys reach the data file with its first change.
     */
    start(): void {
      scheduler.run();
      delivery.pump();
    },
    stop(): void {
      delivery.stop();
      scheduler.stop();
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

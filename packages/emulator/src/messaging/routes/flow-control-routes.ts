import type { Clock } from "../../clock/clock.ts";
import type { RouteContext } from "../../http/api.ts";
import { ok, type Reply } from "../../http/reply.ts";
import type { Delivery } from "../engine/delivery/delivery.ts";
import type { FlowControl } from "../engine/flow-control.ts";
import { messagingErrors } from "../errors.ts";
import type { StoredFlowControlKey } from "../records/flow-control-store.ts";
import type { FlowControlLimits } from "../records/message-record.ts";
import type { MessageStore } from "../records/queue-store.ts";

export interface FlowControlParts {
  clock: Clock;
  flow: FlowControl;
  messages: MessageStore;
  delivery: Delivery;
}

/** `/v2/flowControl`: list, get, pause, resume, pin, unpin and reset the rate of keys. */
export function flowControlHandlers(parts: FlowControlParts) {
  const { clock, flow, delivery } = parts;
  const key = (context: RouteContext): string => {
    const name = context.params["key"] ?? "";
    if (name === "") throw messagingErrors.missingParameter("flow-control key");
    return name;
  };

  const view = (record: StoredFlowControlKey) => flowControlView(parts, record);

  const list = () => ok(flow.list().map(view));

  const get = (context: RouteContext) => {
    const record = flow.get(key(context));
    if (!record) throw messagingErrors.notFound("flow-control key", key(context));
    return ok(view(record));
  };

  const change =
    (apply: (name: string, context: RouteContext, now: number) => void) =>
    (context: RouteContext): Reply => {
      apply(key(context), context, clock.now());
      delivery.pump();
      return ok();
    };

  const pause = change((name, _context, now) => flow.setPaused(name, true, now));
  const resume = change((name, _context, now) => flow.setPaused(name, false, now));
  const pin = change((name, context, now) => flow.pin(name, pinnedLimits(context.query), now));
  const unpin = change((name, context, now) =>
    flow.unpin(
      name,
      {
        parallelism: context.query.get("parallelism") === "true",
        rate: context.query.get("rate") === "true",
      },
      now,
    ),
  );
  const resetRate = change((name, _context, now) => flow.resetRate(name, now));

  // The emulator sets no account-wide limit: 0, as the SDK reads an absent one.
  const global = () => ok({ parallelismMax: 0, parallelismCount: delivery.inFlight });

  return { list, get, pause, resume, pin, unpin, resetRate, global };
}

function pinnedLimits(query: URLSearchParams): FlowControlLimits {
  const limits: FlowControlLimits = {};
  for (const name of ["parallelism", "rate", "period"] as const) {
    const text = query.get(name);
    if (text === null || text === "") continue;
    if (!/^\d+$/.test(text) || Number(text) < 1) {
      throw messagingErrors.invalidParameter(name, `must be a whole number of 1 or more, got "${text}"`);
    }
    limits[name] = Number(text);
  }
  return limits;
}

/** The documented `FlowControlKey`; numbers the key does not limit are 0. */
function flowControlView(parts: FlowControlParts, record: StoredFlowControlKey) {
  const { clock, flow, messages, delivery } = parts;
  const now = clock.now();
  const limits = flow.limits(record.key);
  let waiting = 0;
  for (const message of messages.all()) {
    if (message.flowControlKey === record.key && !delivery.isInFlight(message.id)) waiting++;
  }
  const window = flow.window(record.key, now);
  return {
    flowControlKey: record.key,
    waitListSize: waiting,
    parallelismMax: limits.parallelism ?? 0,
    parallelismCount: flow.running(record.key),
    rateMax: limits.rate ?? 0,
    rateCount: limits.rate === undefined ? 0 : window.count,
    ratePeriod: limits.period ?? (limits.rate === undefined ? 0 : 1),
    ratePeriodStart: Math.floor(window.start / 1000),
    isPinnedParallelism: record.pinned.parallelism !== undefined,
    isPinnedRate: record.pinned.rate !== undefined,
    isPaused: record.paused,
  };
}

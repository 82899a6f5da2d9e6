import type { Clock } from "../../clock/clock.ts";
import type { RouteContext } from "../../http/api.ts";
import { ok, parseJsonBody, type Reply } from "../../http/reply.ts";
import { messagingErrors } from "../errors.ts";
import type { MessageStore, QueueStore, StoredQueue } from "../records/queue-store.ts";
import { validQueueName } from "./queue-names.ts";

/** Anything that starts deliveries a queue's state now allows. */
export interface Pump {
  pump(): void;
}

/** `/v2/queues`: upsert, list, get, delete, pause and resume. */
export function queueHandlers(queues: QueueStore, messages: MessageStore, delivery: Pump, clock: Clock) {
  const existing = (context: RouteContext): StoredQueue => {
    const name = validQueueName(context.params["name"]);
    const queue = queues.get(name);
    if (!queue) throw messagingErrors.notFound("queue", name);
    return queue;
  };

  const setPaused = (queue: StoredQueue, paused: boolean): void => {
    // Pausing a paused queue, or resuming an active one, has no effect.
    if (queue.paused === paused) return;
    queues.put({ ...queue, paused, updatedAt: clock.now() });
  };
  const view = (queue: StoredQueue) => queueView(queue, messages.count(queue.name));

  return {
    upsert(context: RouteContext): Reply {
      upsertQueue(queues, parseJsonBody(context.rawBody), clock.now());
      delivery.pump();
      return ok();
    },
    list: () =>
      ok(
        queues
          .list()
          .sort((a, b) => a.createdAt - b.createdAt)
          .map(view),
      ),
    get: (context: RouteContext) => ok(view(existing(context))),
    remove(context: RouteContext): Reply {
      queues.delete(existing(context).name);
      return ok();
    },
    pause(context: RouteContext): Reply {
      setPaused(existing(context), true);
      return ok();
    },
    resume(context: RouteContext): Reply {
      setPaused(existing(context), false);
      delivery.pump();
      return ok();
    },
  };
}

function upsertQueue(queues: QueueStore, body: unknown, now: number): void {
  if (body === null || typeof body !== "object")
    throw messagingErrors.invalidBody("body must be a JSON object");
  const fields = body as Record<string, unknown>;
  const name = validQueueName(fields["queueName"]);
  const parallelism = fields["parallelism"] ?? 1;
  if (typeof parallelism !== "number" || !Number.isInteger(parallelism) || parallelism < 1) {
    throw messagingErrors.invalidField("parallelism", "must be an integer greater than 0");
  }
  const paused = fields["paused"];
  if (paused !== undefined && typeof paused !== "boolean")
    throw messagingErrors.invalidField("paused", "must be a boolean");
  const queue = queues.get(name) ?? { name, createdAt: now, updatedAt: now, parallelism, paused: false };
  queues.put({ ...queue, parallelism, paused: paused ?? queue.paused, updatedAt: now });
}

function queueView(queue: StoredQueue, lag: number) {
  return {
    name: queue.name,
    createdAt: queue.createdAt,
    updatedAt: queue.updatedAt,
    parallelism: queue.parallelism,
    paused: queue.paused,
    lag,
  };
}

import { HttpError, ok, parseJsonBody } from "../http/reply.ts";
import type { ApiRoute, RouteContext } from "../routes.ts";
import type { StoredQueue } from "../state/records.ts";
import type { Store } from "../state/store.ts";
import { validQueueName } from "./queue-names.ts";

/** Anything that starts deliveries a queue's state now allows. */
export interface Pump {
  pump(): void;
}

export function queueRoutes(store: Store, delivery: Pump) {
  const queues = store.state.queues;

  const existing = (context: RouteContext): StoredQueue => {
    const name = validQueueName(context.params["name"]);
    const queue = queues[name];
    if (!queue) throw new HttpError(404, `queue "${name}" not found`);
    return queue;
  };

  const view = (queue: StoredQueue) => ({
    name: queue.name,
    createdAt: queue.createdAt,
    updatedAt: queue.updatedAt,
    parallelism: queue.parallelism,
    paused: queue.paused,
    lag: queue.messages.length,
  });

  const setPaused = (queue: StoredQueue, paused: boolean): void => {
    // Pausing a paused queue, or resuming an active one, has no effect.
    if (queue.paused === paused) return;
    queue.paused = paused;
    queue.updatedAt = Date.now();
    store.commit();
  };

  const upsert: ApiRoute = {
    api: "messaging",
    handle(context) {
      const body = parseJsonBody(context.rawBody) as Record<string, unknown> | null;
      if (body === null || typeof body !== "object") throw new HttpError(400, "body must be a JSON object");
      const name = validQueueName(body["queueName"]);
      const parallelism = body["parallelism"] ?? 1;
      if (typeof parallelism !== "number" || !Number.isInteger(parallelism) || parallelism < 1) {
        throw new HttpError(400, "parallelism must be an integer greater than 0");
      }
      const paused = body["paused"];
      if (paused !== undefined && typeof paused !== "boolean")
        throw new HttpError(400, "paused must be a boolean");
      const now = Date.now();
      const queue = queues[name] ?? {
        name,
        createdAt: now,
        updatedAt: now,
        parallelism,
        paused: false,
        messages: [],
      };
      queue.parallelism = parallelism;
      if (paused !== undefined) queue.paused = paused;
      queue.updatedAt = now;
      queues[name] = queue;
      store.commit();
      delivery.pump();
      return ok();
    },
  };

  const list: ApiRoute = {
    api: "messaging",
    handle: () =>
      ok(
        Object.values(queues)
          .sort((a, b) => a.createdAt - b.createdAt)
          .map(view),
      ),
  };

  const get: ApiRoute = { api: "messaging", handle: (context) => ok(view(existing(context))) };

  const remove: ApiRoute = {
    api: "messaging",
    handle(context) {
      const queue = existing(context);
      delete queues[queue.name];
      store.commit();
      return ok();
    },
  };

  const pause: ApiRoute = {
    api: "messaging",
    handle(context) {
      setPaused(existing(context), true);
      return ok();
    },
  };

  const resume: ApiRoute = {
    api: "messaging",
    handle(context) {
      const queue = existing(context);
      setPaused(queue, false);
      delivery.pump();
      return ok();
    },
  };

  return { upsert, list, get, remove, pause, resume };
}

import { validateQueueName } from "../schemas/inputs.ts";
import { type Queue, queueListSchema, queueSchema } from "../schemas/queue.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { del, get, post, Resource } from "./resource.ts";

export interface UpsertQueueInput {
  queueName: string;
  parallelism?: number;
  paused?: boolean;
}

/** Queues of the messaging API. Every call validates the name before anything is sent. */
export class QueuesResource extends Resource {
  /** Resumes delivery; a no-op on an active queue. The API may answer 200 for an unknown queue: read it back. */
  async resume(name: string, call?: CallOptions): Promise<void> {
    await this.send(post(`${path(name)}/resume`, `resume queue ${name}`), call);
  }

  async pause(name: string, call?: CallOptions): Promise<void> {
    await this.send(post(`${path(name)}/pause`, `pause queue ${name}`), call);
  }

  async get(name: string, call?: CallOptions): Promise<Queue> {
    return this.read(get(path(name), `get queue ${name}`), queueSchema, call);
  }

  async list(call?: CallOptions): Promise<Queue[]> {
    return this.read(get("/v2/queues", "list queues"), queueListSchema, call);
  }

  /** Creates the queue or updates its parallelism (and pause state, when given). */
  async upsert(input: UpsertQueueInput, call?: CallOptions): Promise<void> {
    validateQueueName(input.queueName);
    const body = { queueName: input.queueName, parallelism: input.parallelism ?? 1, ...pick(input) };
    await this.send(post("/v2/queues", `upsert queue ${input.queueName}`, { body }), call);
  }

  async delete(name: string, call?: CallOptions): Promise<void> {
    await this.send(del(path(name), `delete queue ${name}`), call);
  }
}

function path(name: string): string {
  return `/v2/queues/${encodeURIComponent(validateQueueName(name))}`;
}

function pick(input: UpsertQueueInput): { paused?: boolean } {
  return input.paused === undefined ? {} : { paused: input.paused };
}

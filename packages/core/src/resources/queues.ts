import { validateQueueName } from "../schemas/inputs.ts";
import { type Queue, queueListSchema, queueSchema } from "../schemas/queue.ts";
import { parseResponse } from "../transport/parse-response.ts";
import type { CallOptions, Transport } from "../transport/transport.ts";

export interface UpsertQueueInput {
  queueName: string;
  parallelism?: number;
  paused?: boolean;
}

/** Queues of the messaging API. Every call validates the name before anything is sent. */
export class QueuesResource {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** Resumes delivery; a no-op on an active queue. The API may answer 200 for an unknown queue: read it back. */
  async resume(name: string, call?: CallOptions): Promise<void> {
    await this.#send("POST", `${path(name)}/resume`, `resume queue ${name}`, call);
  }

  async pause(name: string, call?: CallOptions): Promise<void> {
    await this.#send("POST", `${path(name)}/pause`, `pause queue ${name}`, call);
  }

  async get(name: string, call?: CallOptions): Promise<Queue> {
    const request = {
      method: "GET",
      path: path(name),
      operation: `get queue ${name}`,
      idempotent: true,
    } as const;
    return this.#transport.send(request, call, (response) =>
      parseResponse(request, response, queueSchema, this.#transport.redactor),
    );
  }

  async list(call?: CallOptions): Promise<Queue[]> {
    const request = {
      method: "GET",
      path: "/v2/queues",
      operation: "list queues",
      idempotent: true,
    } as const;
    return this.#transport.send(request, call, (response) =>
      parseResponse(request, response, queueListSchema, this.#transport.redactor),
    );
  }

  /** Creates the queue or updates its parallelism (and pause state, when given). */
  async upsert(input: UpsertQueueInput, call?: CallOptions): Promise<void> {
    validateQueueName(input.queueName);
    const body = { queueName: input.queueName, parallelism: input.parallelism ?? 1, ...pick(input) };
    await this.#transport.send(
      {
        method: "POST",
        path: "/v2/queues",
        body,
        operation: `upsert queue ${input.queueName}`,
        idempotent: true,
      },
      call,
    );
  }

  async delete(name: string, call?: CallOptions): Promise<void> {
    await this.#send("DELETE", path(name), `delete queue ${name}`, call);
  }

  async #send(method: "POST" | "DELETE", to: string, operation: string, call?: CallOptions): Promise<void> {
    await this.#transport.send({ method, path: to, operation, idempotent: true }, call);
  }
}

function path(name: string): string {
  return `/v2/queues/${encodeURIComponent(validateQueueName(name))}`;
}

function pick(input: UpsertQueueInput): { paused?: boolean } {
  return input.paused === undefined ? {} : { paused: input.paused };
}

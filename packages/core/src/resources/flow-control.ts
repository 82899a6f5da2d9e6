import {
  type FlowControlKey,
  flowControlKeyListSchema,
  flowControlKeySchema,
} from "../schemas/flow-control-key.ts";
import { validateFlowControlKey } from "../schemas/inputs.ts";
import { parseResponse } from "../transport/parse-response.ts";
import type { CallOptions, Transport } from "../transport/transport.ts";

/** Flow-control keys of the messaging API: messages under a paused key wait until it is resumed. */
export class FlowControlResource {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  async list(call?: CallOptions): Promise<FlowControlKey[]> {
    const request = {
      method: "GET",
      path: "/v2/flowControl",
      operation: "list flow-control keys",
      idempotent: true,
    } as const;
    return this.#transport.send(request, call, (response) =>
      parseResponse(request, response, flowControlKeyListSchema, this.#transport.redactor),
    );
  }

  async get(key: string, call?: CallOptions): Promise<FlowControlKey> {
    const request = {
      method: "GET",
      path: path(key),
      operation: `get flow-control key ${key}`,
      idempotent: true,
    } as const;
    return this.#transport.send(request, call, (response) =>
      parseResponse(request, response, flowControlKeySchema, this.#transport.redactor),
    );
  }

  /** Messages already waiting stay waiting; new ones join the wait list. */
  async pause(key: string, call?: CallOptions): Promise<void> {
    await this.#post(`${path(key)}/pause`, `pause flow-control key ${key}`, call);
  }

  async resume(key: string, call?: CallOptions): Promise<void> {
    await this.#post(`${path(key)}/resume`, `resume flow-control key ${key}`, call);
  }

  async #post(to: string, operation: string, call?: CallOptions): Promise<void> {
    await this.#transport.send({ method: "POST", path: to, operation, idempotent: true }, call);
  }
}

function path(key: string): string {
  return `/v2/flowControl/${encodeURIComponent(validateFlowControlKey(key))}`;
}

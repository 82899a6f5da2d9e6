import {
  type FlowControlKey,
  flowControlKeyListSchema,
  flowControlKeySchema,
} from "../schemas/flow-control-key.ts";
import { validateFlowControlKey } from "../schemas/inputs.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { get, post, Resource } from "./resource.ts";

/** Flow-control keys of the messaging API: messages under a paused key wait until it is resumed. */
export class FlowControlResource extends Resource {
  async list(call?: CallOptions): Promise<FlowControlKey[]> {
    return this.read(get("/v2/flowControl", "list flow-control keys"), flowControlKeyListSchema, call);
  }

  async get(key: string, call?: CallOptions): Promise<FlowControlKey> {
    return this.read(get(path(key), `get flow-control key ${key}`), flowControlKeySchema, call);
  }

  /** Messages already waiting stay waiting; new ones join the wait list. */
  async pause(key: string, call?: CallOptions): Promise<void> {
    await this.send(post(`${path(key)}/pause`, `pause flow-control key ${key}`), call);
  }

  async resume(key: string, call?: CallOptions): Promise<void> {
    await this.send(post(`${path(key)}/resume`, `resume flow-control key ${key}`), call);
  }
}

function path(key: string): string {
  return `/v2/flowControl/${encodeURIComponent(validateFlowControlKey(key))}`;
}

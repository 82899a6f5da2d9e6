import { validateScheduleId } from "../schemas/inputs.ts";
import { type Schedule, scheduleListSchema, scheduleSchema } from "../schemas/schedule.ts";
import { parseResponse } from "../transport/parse-response.ts";
import type { CallOptions, Transport } from "../transport/transport.ts";

/** Schedules of the messaging API. Pausing a paused schedule, or resuming an active one, has no effect. */
export class SchedulesResource {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  async list(call?: CallOptions): Promise<Schedule[]> {
    const request = {
      method: "GET",
      path: "/v2/schedules",
      operation: "list schedules",
      idempotent: true,
    } as const;
    return this.#transport.send(request, call, (response) =>
      parseResponse(request, response, scheduleListSchema, this.#transport.redactor),
    );
  }

  async get(id: string, call?: CallOptions): Promise<Schedule> {
    const request = {
      method: "GET",
      path: path(id),
      operation: `get schedule ${id}`,
      idempotent: true,
    } as const;
    return this.#transport.send(request, call, (response) =>
      parseResponse(request, response, scheduleSchema, this.#transport.redactor),
    );
  }

  /** While paused, the schedule's cron ticks are ignored (not delivered later). */
  async pause(id: string, call?: CallOptions): Promise<void> {
    await this.#post(`${path(id)}/pause`, `pause schedule ${id}`, call);
  }

  async resume(id: string, call?: CallOptions): Promise<void> {
    await this.#post(`${path(id)}/resume`, `resume schedule ${id}`, call);
  }

  async #post(to: string, operation: string, call?: CallOptions): Promise<void> {
    await this.#transport.send({ method: "POST", path: to, operation, idempotent: true }, call);
  }
}

function path(id: string): string {
  return `/v2/schedules/${encodeURIComponent(validateScheduleId(id))}`;
}

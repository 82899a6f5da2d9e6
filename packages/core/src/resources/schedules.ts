import { validateScheduleId } from "../schemas/inputs.ts";
import { type Schedule, scheduleListSchema, scheduleSchema } from "../schemas/schedule.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { del, get, post, Resource } from "./resource.ts";
import { type PutScheduleInput, scheduleRequestParts } from "./schedule-headers.ts";

/** Schedules of the messaging API. Pausing a paused schedule, or resuming an active one, has no effect. */
export class SchedulesResource extends Resource {
  async list(call?: CallOptions): Promise<Schedule[]> {
    return this.read(get("/v2/schedules", "list schedules"), scheduleListSchema, call);
  }

  async get(id: string, call?: CallOptions): Promise<Schedule> {
    return this.read(get(path(id), `get schedule ${id}`), scheduleSchema, call);
  }

  /**
   * Creates the schedule, or updates the one with its id in place (it keeps its id, creation
   * time and whether it is paused). Repeating it is harmless, so it is retried like a read.
   */
  async put(input: PutScheduleInput, call?: CallOptions): Promise<void> {
    validateScheduleId(input.scheduleId);
    const { destinationPath, rawQuery, headers } = scheduleRequestParts(input);
    const request = post(`/v2/schedules/${destinationPath}`, `put schedule ${input.scheduleId}`);
    await this.send(
      {
        ...request,
        headers,
        ...(rawQuery === undefined ? {} : { rawQuery }),
        ...(input.body === undefined ? {} : { rawBody: input.body }),
      },
      call,
    );
  }

  async delete(id: string, call?: CallOptions): Promise<void> {
    await this.send(del(path(id), `delete schedule ${id}`), call);
  }

  /** While paused, the schedule's cron ticks are ignored (not delivered later). */
  async pause(id: string, call?: CallOptions): Promise<void> {
    await this.send(post(`${path(id)}/pause`, `pause schedule ${id}`), call);
  }

  async resume(id: string, call?: CallOptions): Promise<void> {
    await this.send(post(`${path(id)}/resume`, `resume schedule ${id}`), call);
  }
}

function path(id: string): string {
  return `/v2/schedules/${encodeURIComponent(validateScheduleId(id))}`;
}

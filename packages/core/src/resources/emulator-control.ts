import { AuthenticationError, ResponseValidationError, StashkitError } from "../errors/index.ts";
import * as z from "../schemas/zod.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { get, Resource } from "./resource.ts";

const healthSchema = z.looseObject({ ok: z.literal(true) });
const clockSchema = z.looseObject({ now: z.number() });

/**
 * The stashkit emulator's own control API (`/__stashkit/…`), which no real API path starts with:
 * whether the base URL is an emulator, and its clock (tests may have moved it forward).
 */
export class EmulatorControlResource extends Resource {
  /** True when an emulator answers; a 401 or 403 of its control API (another host, a control token) is one too. */
  async isEmulator(call?: CallOptions): Promise<boolean> {
    try {
      await this.read(
        get("/__stashkit/health", "ask whether this is a stashkit emulator"),
        healthSchema,
        call,
      );
      return true;
    } catch (error) {
      if (error instanceof AuthenticationError) return /control/i.test(error.apiMessage ?? "");
      // Anything else that answered (a 404, a page that is not the emulator's) is not one.
      if (error instanceof ResponseValidationError) return false;
      if (error instanceof StashkitError && error.status !== undefined && error.status < 500) return false;
      throw error;
    }
  }

  /** The emulator's messaging clock: what its deliveries and sleeps are due by. */
  async now(call?: CallOptions): Promise<number> {
    return (await this.read(get("/__stashkit/clock", "read the emulator's clock"), clockSchema, call)).now;
  }
}

import { AuthenticationError, StashkitError } from "../errors/index.ts";
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
    const request = get("/__stashkit/health", "ask whether this is a stashkit emulator");
    try {
      // Read leniently: a 2xx that is not the emulator's answer is a no, not a reason to ask again.
      const isHealth = (text: string) => healthSchema.safeParse(parsed(text)).success;
      return await this.readWith(request, (response) => isHealth(response.text), call);
    } catch (error) {
      if (error instanceof AuthenticationError) return /control/i.test(error.apiMessage ?? "");
      // Anything else that answered (a 404, a 405) is not one.
      if (error instanceof StashkitError && error.status !== undefined && error.status < 500) return false;
      throw error;
    }
  }

  /** The emulator's messaging clock: what its deliveries and sleeps are due by. */
  async now(call?: CallOptions): Promise<number> {
    return (await this.read(get("/__stashkit/clock", "read the emulator's clock"), clockSchema, call)).now;
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

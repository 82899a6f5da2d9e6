import type { StallSetting } from "@stashkit/stall-reasons";
import type { MessagingClient } from "../../clients/messaging-client.ts";
import type { CallOptions } from "../../transport/call-options.ts";

/** Where the client's base URL goes, and now on that service's clock. */
export interface ServiceClock {
  setting: StallSetting;
  now: number;
}

/**
 * An emulator (its control API answers) words its hints with its printed values and keeps a
 * clock of its own, which tests move forward; the service's clock is the wall clock.
 */
export async function serviceClock(
  client: MessagingClient,
  given: { setting?: StallSetting | undefined; now?: number | undefined },
  call: CallOptions,
): Promise<ServiceClock> {
  const setting = given.setting ?? ((await client.emulator.isEmulator(call)) ? "emulator" : "service");
  if (given.now !== undefined) return { setting, now: given.now };
  return { setting, now: setting === "emulator" ? await client.emulator.now(call) : Date.now() };
}

import type { MessagingClient } from "@stashkit/core";
import { DEFAULT_MESSAGING_URL } from "@stashkit/core/internal";
import { MESSAGING_CREDENTIALS } from "./credentials.ts";
import { type ApiWiring, openStep, type Step, type StepOptions } from "./open-step.ts";

// In a module of its own, so a management action's bundle carries no messaging client.
const MESSAGING: ApiWiring<"token", MessagingClient> = {
  credentials: MESSAGING_CREDENTIALS,
  baseUrl: { input: "messaging-url", env: "QSTASH_URL", fallback: DEFAULT_MESSAGING_URL },
  build: async (credentials, options) => {
    const { MessagingClient } = await import("./clients/messaging.ts");
    return new MessagingClient({ ...credentials, ...options });
  },
};

/** Runs a step of the messaging API (queues, schedules, flow control); see `openStep`. */
export function runMessagingStep(
  action: string,
  body: (step: Step<MessagingClient, "token">) => Promise<void>,
  options: StepOptions = {},
): Promise<void> {
  return openStep(MESSAGING, action, body, options);
}

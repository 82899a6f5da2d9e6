import type { ManagementClient } from "@stashkit/core";
import { DEFAULT_MANAGEMENT_URL } from "@stashkit/core/internal";
import { MANAGEMENT_CREDENTIALS } from "./credentials.ts";
import { type ApiWiring, openStep, type Step, type StepOptions } from "./open-step.ts";

// In a module of its own, so a messaging action's bundle carries no management client.
const MANAGEMENT: ApiWiring<"email" | "apiKey", ManagementClient> = {
  credentials: MANAGEMENT_CREDENTIALS,
  baseUrl: { input: "base-url", fallback: DEFAULT_MANAGEMENT_URL },
  build: async (credentials, options) => {
    const { ManagementClient } = await import("./clients/management.ts");
    return new ManagementClient({ ...credentials, ...options });
  },
};

/** Runs a step of the management API (search indexes); see `openStep`. */
export function runManagementStep(
  action: string,
  body: (step: Step<ManagementClient, "email" | "apiKey">) => Promise<void>,
  options: StepOptions = {},
): Promise<void> {
  return openStep(MANAGEMENT, action, body, options);
}

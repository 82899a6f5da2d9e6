// Type-checked by the release rehearsal (tsc, module nodenext, strict, library declarations
// checked too) in a new project that installed @stashkit/core from the rehearsal's registry.
import {
  ConfigurationError,
  type EnsureResult,
  ensureSearchIndex,
  ManagementClient,
  MessagingClient,
  type MessagingClientOptions,
  VERSION,
} from "@stashkit/core";

const options: MessagingClientOptions = { token: "token", baseUrl: "http://127.0.0.1:8787" };
export const messaging = new MessagingClient(options);
export const management = new ManagementClient({ email: "ci@example.com", apiKey: "key" });
export const version: string = VERSION;

export async function ensure(name: string): Promise<EnsureResult> {
  return ensureSearchIndex(management, { name, region: "eu-west-1" });
}

export function isConfigurationError(error: unknown): error is ConfigurationError {
  return error instanceof ConfigurationError;
}

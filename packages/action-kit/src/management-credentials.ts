import { basicCredential, ConfigurationError } from "@stashkit/core";
import { type GitHubContext, isForkPullRequest } from "./context.ts";
import type { FailureHints } from "./failure.ts";
import { readWithEnvFallback } from "./inputs.ts";
import { registerSecrets } from "./secrets.ts";

export interface ManagementCredentials {
  email: string;
  apiKey: string;
}

/**
 * The management API's credentials (inputs `email` and `api-key`, else UPSTASH_EMAIL and
 * UPSTASH_API_KEY), registered as secrets with every form they are sent in before anything
 * else can be logged. Empty values are returned as they are: check them with
 * `requireManagementCredentials` once the other inputs are read.
 */
export function readManagementCredentials(...otherSecrets: string[]): ManagementCredentials {
  const email = readWithEnvFallback("email", "UPSTASH_EMAIL");
  const apiKey = readWithEnvFallback("api-key", "UPSTASH_API_KEY");
  const both = email !== "" && apiKey !== "";
  registerSecrets(
    apiKey,
    email,
    both ? `${email}:${apiKey}` : "",
    both ? basicCredential(email, apiKey) : "",
    ...otherSecrets,
  );
  return { email, apiKey };
}

export function requireManagementCredentials({ email, apiKey }: ManagementCredentials): void {
  if (email === "")
    throw new ConfigurationError("email", "input email is empty and UPSTASH_EMAIL is not set");
  if (apiKey === "")
    throw new ConfigurationError("api-key", "input api-key is empty and UPSTASH_API_KEY is not set");
}

/** What a failed management step says about its credentials. */
export function managementHints(context: GitHubContext | undefined): () => FailureHints {
  return () => ({
    credentials: "the email and api-key inputs (or UPSTASH_EMAIL and UPSTASH_API_KEY)",
    credentialInputs: ["email", "api-key"],
    forkPullRequest: context ? isForkPullRequest(context) : false,
  });
}

import { ConfigurationError, managementCredentialForms, regionTokensInEnv } from "@stashkit/core";
import { messagingCredentialForms, withPercentEncoded } from "@stashkit/core/internal";
import { readWithEnvFallback } from "../inputs.ts";
import { registerSecrets } from "../secrets.ts";

/** One credential: its input, and the environment variable read when the input is empty. */
export interface CredentialSource {
  input: string;
  env: string;
}

/** How an API's credentials reach a step, and how a failure names them. */
export interface CredentialSpec<Names extends string> {
  sources: Record<Names, CredentialSource>;
  /** Every form a credential is sent or echoed in, to register with the runner's masking. */
  forms(values: Record<Names, string>): string[];
}

export const MANAGEMENT_CREDENTIALS: CredentialSpec<"email" | "apiKey"> = {
  sources: {
    email: { input: "email", env: "UPSTASH_EMAIL" },
    apiKey: { input: "api-key", env: "UPSTASH_API_KEY" },
  },
  // The forms the client masks itself (core's list), and each percent-encoded, for the runner.
  forms: ({ email, apiKey }) => withPercentEncoded(managementCredentialForms(email, apiKey)),
};

export const MESSAGING_CREDENTIALS: CredentialSpec<"token"> = {
  sources: { token: { input: "token", env: "QSTASH_TOKEN" } },
  // With the SDK's multi-region variables set, each region's token is masked from the start too.
  forms: ({ token }) =>
    withPercentEncoded([token, ...regionTokensInEnv(process.env)].flatMap(messagingCredentialForms)),
};

/**
 * Reads the credentials (input, else environment) and registers every form of them as secrets
 * before anything else can be logged. Empty values are returned as they are: `requireCredentials`
 * refuses them once the step's other inputs have been checked.
 */
export function readCredentials<Names extends string>(spec: CredentialSpec<Names>): Record<Names, string> {
  const values = {} as Record<Names, string>;
  for (const name of Object.keys(spec.sources) as Names[]) {
    const { input, env } = spec.sources[name];
    values[name] = readWithEnvFallback(input, env);
  }
  registerSecrets(...spec.forms(values));
  return values;
}

export function requireCredentials<Names extends string>(
  spec: CredentialSpec<Names>,
  values: Record<Names, string>,
): void {
  for (const name of Object.keys(spec.sources) as Names[]) {
    const { input, env } = spec.sources[name];
    if (values[name] === "")
      throw new ConfigurationError(input, `input ${input} is empty and ${env} is not set`);
  }
}

/** "the email and api-key inputs (or UPSTASH_EMAIL and UPSTASH_API_KEY)": where a failure says to look. */
export function describeCredentials(spec: CredentialSpec<string>): string {
  const sources = Object.values(spec.sources);
  const inputs = sources.map((s) => s.input).join(" and ");
  const envs = sources.map((s) => s.env).join(" and ");
  return `the ${inputs} input${sources.length > 1 ? "s" : ""} (or ${envs})`;
}

export function credentialInputs(spec: CredentialSpec<string>): string[] {
  return Object.values(spec.sources).map((s) => s.input);
}

import {
  type GitHubContext,
  readBoolean,
  readChoice,
  readInput,
  readManagementCredentials,
  readRequired,
  readStepLimits,
  requireManagementCredentials,
} from "@stashkit/action-kit";
import {
  DEFAULT_MANAGEMENT_URL,
  expandNameTemplate,
  parseBaseUrl,
  SEARCH_PLANS,
  type SearchPlan,
  type SearchRegion,
  validatePlan,
  validateRegion,
} from "@stashkit/core";

export interface EnsureInputs {
  name: string;
  region: SearchRegion;
  type: SearchPlan;
  email: string;
  apiKey: string;
  baseUrl: string;
  onMismatch: "fail" | "warn";
  maskEndpoint: boolean;
  exportEnv: boolean;
  ephemeral: boolean;
  maxAttempts: number;
  timeoutSeconds: number;
}

/**
 * Reads and checks every input before anything is sent. The credentials are registered
 * as secrets first, before any other line can be logged.
 */
export function readEnsureInputs(context: GitHubContext): EnsureInputs {
  const { email, apiKey } = readManagementCredentials();

  const name = expandNameTemplate(readRequired("name"), context, "name");
  const region = validateRegion(readRequired("region"), "region");
  const type = validatePlan(readChoice("type", SEARCH_PLANS, "free"), "type");
  const baseUrl = readInput("base-url") || DEFAULT_MANAGEMENT_URL;
  parseBaseUrl(baseUrl, "base-url");
  const inputs: EnsureInputs = {
    name,
    region,
    type,
    email,
    apiKey,
    baseUrl,
    onMismatch: readChoice("on-mismatch", ["fail", "warn"] as const, "fail"),
    maskEndpoint: readBoolean("mask-endpoint", true),
    exportEnv: readBoolean("export-env", false),
    ephemeral: readBoolean("ephemeral", false),
    ...readStepLimits(),
  };
  requireManagementCredentials(inputs);
  return inputs;
}

import {
  type EnsureResult,
  ensureSearchIndex,
  restUrl,
  SEARCH_PLANS,
  validatePlan,
  validateRegion,
} from "@stashkit/core";
import { managementClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { nonEmpty, oneOf } from "../options/common.ts";
import { nameExpander } from "../options/run-values.ts";
import type { CommandResult } from "../output/result.ts";
import type { EnsureFlags } from "./search-ensure.flags.ts";

/** `stashkit search ensure`: the race-safe ensure of the actions, one index per name. */
export async function run(flags: EnsureFlags, context: CommandContext): Promise<CommandResult> {
  const name = nameExpander(flags, context.env)(nonEmpty(flags.name, "--name"), "--name");
  const region = validateRegion(flags.region ?? "us-central1", "--region");
  const type = validatePlan(oneOf(flags.type ?? "free", SEARCH_PLANS, "--type"), "--type");
  const onMismatch = oneOf(flags.onMismatch ?? "fail", ["fail", "warn"] as const, "--on-mismatch");
  const client = managementClient(flags, context);
  const result = await context.terminal.progress(
    `ensuring search index ${name}`,
    ensureSearchIndex(client, { name, region, type, onMismatch }),
  );
  return ensureReport(result);
}

export function ensureReport(result: EnsureResult): CommandResult {
  const { index } = result;
  const url = restUrl(index);
  const described = {
    name: index.name,
    id: index.id,
    region: index.region,
    type: index.type,
    endpoint: index.endpoint,
    restUrl: url,
  };
  return {
    lines: [
      `Search index ${index.name} (${index.id}) ${result.created ? "created" : "already existed"}: ${index.region}, ${index.type}, ${url}`,
    ],
    json: (withSecrets) => ({
      ...described,
      created: result.created,
      ...(withSecrets ? { token: index.token, readOnlyToken: index.read_only_token } : {}),
      warnings: result.warnings,
    }),
    fields: [
      { env: "UPSTASH_SEARCH_INDEX_NAME", output: "name", value: index.name },
      { env: "UPSTASH_SEARCH_INDEX_ID", output: "id", value: index.id },
      { env: "UPSTASH_SEARCH_INDEX_CREATED", output: "created", value: String(result.created) },
      { env: "UPSTASH_SEARCH_REST_URL", output: "rest-url", value: url },
      { env: "UPSTASH_SEARCH_REST_TOKEN", output: "token", value: index.token, secret: true },
      {
        env: "UPSTASH_SEARCH_REST_READONLY_TOKEN",
        output: "read-only-token",
        value: index.read_only_token,
        secret: true,
      },
    ],
    warnings: result.warnings,
  };
}

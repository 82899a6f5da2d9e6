import {
  type EnsureResult,
  ensureResultFields,
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
    // Core's fields of an ensure, the action's outputs too: only tokens are secret here (the
    // CLI prints the endpoint and REST URL; the action masks them by default).
    fields: ensureResultFields(result).map(({ env, output, value, sensitivity }) => ({
      env,
      output,
      value,
      ...(sensitivity === "secret" ? { secret: true } : {}),
    })),
    warnings: result.warnings,
  };
}

import { namePattern } from "@stashkit/core/internal";
import { managementClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { columns, shortAge } from "../output/columns.ts";
import type { CommandResult } from "../output/result.ts";
import type { ListFlags } from "./search-list.flags.ts";

/**
 * `stashkit search list`: the indexes, or those whose name --pattern selects (a name, a template,
 * a `*` pattern), in aligned columns with their age. Never their tokens in text.
 */
export async function run(flags: ListFlags, context: CommandContext): Promise<CommandResult> {
  const matches = flags.pattern === undefined ? () => true : namePattern(flags.pattern, "--pattern");
  const client = managementClient(flags, context);
  const all = await context.terminal.progress("listing search indexes", client.searchIndexes.list());
  const indexes = all.filter((index) => matches(index.name));
  const nowSeconds = Date.now() / 1000;
  const age = (created: number | undefined) => (created === undefined ? "-" : shortAge(nowSeconds - created));
  const table =
    indexes.length === 0
      ? []
      : columns([
          ["NAME", "ID", "REGION", "PLAN", "AGE"],
          ...indexes.map((i) => [i.name, i.id, i.region, i.type, age(i.creation_time)]),
        ]);
  return {
    lines: [
      ...table,
      `${indexes.length} search ${indexes.length === 1 ? "index" : "indexes"}${flags.pattern === undefined ? "" : ` matching ${flags.pattern}`}.`,
    ],
    json: (withSecrets) => ({
      indexes: indexes.map((i) => ({
        name: i.name,
        id: i.id,
        region: i.region,
        type: i.type,
        endpoint: i.endpoint,
        ...(i.creation_time === undefined ? {} : { creationTime: i.creation_time }),
        ...(withSecrets ? { token: i.token, readOnlyToken: i.read_only_token } : {}),
      })),
    }),
    fields: [
      { env: "STASHKIT_INDEX_COUNT", output: "count", value: String(indexes.length) },
      { env: "STASHKIT_INDEXES", output: "names", value: indexes.map((i) => i.name).join(",") },
    ],
    warnings: [],
  };
}

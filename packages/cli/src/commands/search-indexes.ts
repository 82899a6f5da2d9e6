import { SEED_MARKER_NAMESPACE } from "@stashkit/core/internal";
import { managementClient, searchDataClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { Positional } from "../options/flags.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import type { IndexesFlags } from "./search-indexes.flags.ts";

interface Row {
  database: string;
  index: string;
  documents: number;
  pending: number;
}

/** `stashkit search indexes --name <db>…`: each database's SDK indexes and their counts (stashkit's seed records left out). */
export async function run(flags: IndexesFlags & Positional, context: CommandContext): Promise<CommandResult> {
  const databases = [...(flags.name ?? []), ...(flags.names ?? [])];
  if (databases.length === 0)
    throw new UsageError("--name", "--name is required: the search index whose SDK indexes are listed");
  const management = managementClient(flags, context);
  const rows: Row[] = [];
  for (const database of databases) {
    const { data } = await searchDataClient(management, database, context, {
      flag: "--name",
      readOnly: true,
    });
    const info = await context.terminal.progress(
      `reading ${database}`,
      data.info({ deadline: context.deadline }),
    );
    for (const [index, counts] of Object.entries(info.namespaces).sort(([a], [b]) => a.localeCompare(b))) {
      if (index === SEED_MARKER_NAMESPACE) continue;
      rows.push({ database, index, documents: counts.vectorCount, pending: counts.pendingVectorCount });
    }
  }
  const shown = (index: string) => (index === "" ? "(default namespace)" : index);
  return {
    lines: [
      ...rows.map(
        (r) =>
          `${r.database}  ${shown(r.index)}  ${r.documents} documents${r.pending > 0 ? `, ${r.pending} pending` : ""}`,
      ),
      `${rows.length} SDK ${rows.length === 1 ? "index" : "indexes"}.`,
    ],
    json: () => ({ indexes: rows }),
    fields: [{ env: "STASHKIT_SDK_INDEX_COUNT", output: "count", value: String(rows.length) }],
    warnings: [],
  };
}

import { deleteSearchIndex, type ManagementClient, NotFoundError, type ProtectRule } from "@stashkit/core";
import { deleteById } from "@stashkit/core/internal";
import { managementClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { nameExpander } from "../options/run-values.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import { deletedReport } from "./index-refs.ts";
import { readProtect } from "./protect.ts";
import type { DeleteFlags } from "./search-delete.flags.ts";

const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** `stashkit search delete`: every index with the name, or one by id; already gone counts as done. */
export async function run(flags: DeleteFlags, context: CommandContext): Promise<CommandResult> {
  if ((flags.name === undefined) === (flags.id === undefined)) {
    throw new UsageError(
      "--name",
      "give exactly one of --name <template> (every index with that name) and --id <id>",
    );
  }
  const dryRun = flags.dryRun === true;
  const protect = readProtect(flags);
  if (flags.id !== undefined) {
    const id = flags.id;
    if (!ID_PATTERN.test(id)) {
      throw new UsageError(
        "--id",
        `--id ${JSON.stringify(id)} is invalid: index ids are letters, digits, "-" and "_"`,
      );
    }
    const client = managementClient(flags, context);
    await refuseProtectedId(client, id, protect);
    if (!dryRun) await context.terminal.progress(`deleting search index ${id}`, deleteById(client, id));
    return deletedReport([{ name: "", id }], [], dryRun);
  }
  const name = nameExpander(flags, context.env)(flags.name ?? "", "--name");
  const client = managementClient(flags, context);
  const deleted = await context.terminal.progress(
    `deleting search index ${name}`,
    deleteSearchIndex(client, { name, dryRun, protect, nameInput: "--name" }),
  );
  return deletedReport(deleted, [], dryRun);
}

/**
 * With --protect, an index given by id is read first, and refused when its name is protected.
 * A request went out, so this refusal exits 1, not the 2 of a flag refused before sending.
 */
async function refuseProtectedId(client: ManagementClient, id: string, protect: ProtectRule): Promise<void> {
  if (protect.entries.length === 0) return;
  const index = await client.searchIndexes.get(id).catch((error: unknown) => {
    // Already gone: nothing to protect, and the delete counts it as done.
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  const entry = index === undefined ? undefined : protect.match(index.name);
  if (index !== undefined && entry !== undefined) {
    throw new Error(
      `--id ${id} is the search index "${index.name}", protected by --protect "${entry}": stashkit does not delete it`,
    );
  }
}

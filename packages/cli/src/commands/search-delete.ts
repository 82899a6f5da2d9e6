import { deleteById, deleteSearchIndex } from "@stashkit/core";
import { managementClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { nameExpander } from "../options/run-values.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import { deletedReport } from "./index-refs.ts";
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
  if (flags.id !== undefined) {
    const id = flags.id;
    if (!ID_PATTERN.test(id)) {
      throw new UsageError(
        "--id",
        `--id ${JSON.stringify(id)} is invalid: index ids are letters, digits, "-" and "_"`,
      );
    }
    const client = managementClient(flags, context);
    if (!dryRun) await context.terminal.progress(`deleting search index ${id}`, deleteById(client, id));
    return deletedReport([{ name: "", id }], [], dryRun);
  }
  const name = nameExpander(flags, context.env)(flags.name ?? "", "--name");
  const client = managementClient(flags, context);
  const deleted = await context.terminal.progress(
    `deleting search index ${name}`,
    deleteSearchIndex(client, { name, dryRun }),
  );
  return deletedReport(deleted, [], dryRun);
}

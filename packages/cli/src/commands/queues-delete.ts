import { type MessagingClient, NotFoundError } from "@stashkit/core";
import { messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import { readQueueNames } from "./queue-names.ts";
import type { QueuesDeleteFlags } from "./queues-delete.flags.ts";

interface Deleted {
  name: string;
  /** False when there was no such queue: already gone counts as deleted, as `search delete` has it. */
  existed: boolean;
  /** The messages that were waiting in it, deleted with it, when the API said. */
  lag: number | undefined;
}

/**
 * `stashkit queues delete`: each queue is read first, for its waiting messages (which go with
 * it) and so that a dry run can say what it would delete. No prompt, like `search delete`: CI
 * runs it unattended; --dry-run is the way to look first.
 */
export async function run(flags: QueuesDeleteFlags, context: CommandContext): Promise<CommandResult> {
  const names = readQueueNames(flags.names);
  const dryRun = flags.dryRun === true;
  const client = messagingClient(flags, context);
  const work = async () => {
    const done: Deleted[] = [];
    for (const name of names) done.push(await deleteQueue(client, name, dryRun));
    return done;
  };
  const verb = dryRun ? "would be deleted" : "deleted";
  const deleted = await context.terminal.progress(`deleting ${names.join(", ")}`, work());
  const count = deleted.filter((d) => d.existed).length;
  return {
    lines: [
      ...deleted.map((d) =>
        d.existed
          ? `queue ${d.name}: ${verb}${d.lag ? ` with ${d.lag} waiting message${d.lag === 1 ? "" : "s"}` : ""}`
          : `queue ${d.name}: not found (already gone)`,
      ),
      `${count} ${count === 1 ? "queue" : "queues"} ${verb}.`,
    ],
    json: () => ({ dryRun, queues: deleted.map((d) => ({ ...d, lag: d.lag ?? null })) }),
    fields: [
      { env: "STASHKIT_DELETED_COUNT", output: "count", value: String(count) },
      { env: "STASHKIT_DELETED", output: "deleted", value: names.join(",") },
    ],
    warnings: [],
  };
}

async function deleteQueue(client: MessagingClient, name: string, dryRun: boolean): Promise<Deleted> {
  try {
    const { lag } = await client.queues.get(name);
    if (!dryRun) await client.queues.delete(name);
    return { name, existed: true, lag };
  } catch (error) {
    // Gone before the read, or between the read and the delete: gone either way.
    if (error instanceof NotFoundError) return { name, existed: false, lag: undefined };
    throw error;
  }
}

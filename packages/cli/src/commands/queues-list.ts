import { messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import type { QueuesListFlags } from "./queues-list.flags.ts";

/** `stashkit queues list`: every queue of the account, as the API reports it. */
export async function run(flags: QueuesListFlags, context: CommandContext): Promise<CommandResult> {
  const client = messagingClient(flags, context);
  const queues = await context.terminal.progress("listing queues", client.queues.list());
  const unknown = (value: number | undefined) => (value === undefined ? "unknown" : String(value));
  return {
    lines: [
      ...queues.map(
        (q) =>
          `${q.name}  parallelism ${unknown(q.parallelism)}  ${q.paused ? "paused" : "active"}  lag ${unknown(q.lag)}`,
      ),
      `${queues.length} ${queues.length === 1 ? "queue" : "queues"}.`,
    ],
    json: () => ({
      queues: queues.map((q) => ({
        name: q.name,
        parallelism: q.parallelism ?? null,
        paused: q.paused,
        lag: q.lag ?? null,
      })),
    }),
    fields: [
      { env: "STASHKIT_QUEUE_COUNT", output: "count", value: String(queues.length) },
      { env: "STASHKIT_QUEUES", output: "names", value: queues.map((q) => q.name).join(",") },
    ],
    warnings: [],
  };
}

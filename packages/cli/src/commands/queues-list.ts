import type { QStashRegion, Queue } from "@stashkit/core";
import { regionalClients } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import type { QueuesListFlags } from "./queues-list.flags.ts";

/**
 * `stashkit queues list`: every queue of the account, as the API reports it; across QStash's
 * regions (the SDK's multi-region variables), every region's, each line starting with its region.
 */
export async function run(flags: QueuesListFlags, context: CommandContext): Promise<CommandResult> {
  const regions = regionalClients(flags, context);
  const listed = await context.terminal.progress(
    "listing queues",
    Promise.all(
      regions.map(async ({ setting, client }) =>
        (await client.queues.list()).map((queue) => ({ region: setting.region, queue })),
      ),
    ),
  );
  const queues: { region: QStashRegion | undefined; queue: Queue }[] = listed.flat();
  const unknown = (value: number | undefined) => (value === undefined ? "unknown" : String(value));
  const column = (region: QStashRegion | undefined) => (region === undefined ? "" : `${region.padEnd(12)}  `);
  return {
    lines: [
      ...queues.map(
        ({ region, queue: q }) =>
          `${column(region)}${q.name}  parallelism ${unknown(q.parallelism)}  ${q.paused ? "paused" : "active"}  lag ${unknown(q.lag)}`,
      ),
      `${queues.length} ${queues.length === 1 ? "queue" : "queues"}.`,
    ],
    json: () => ({
      queues: queues.map(({ region, queue: q }) => ({
        ...(region === undefined ? {} : { region }),
        name: q.name,
        parallelism: q.parallelism ?? null,
        paused: q.paused,
        lag: q.lag ?? null,
      })),
    }),
    fields: [
      { env: "STASHKIT_QUEUE_COUNT", output: "count", value: String(queues.length) },
      { env: "STASHKIT_QUEUES", output: "names", value: queues.map((q) => q.queue.name).join(",") },
    ],
    warnings: [],
  };
}

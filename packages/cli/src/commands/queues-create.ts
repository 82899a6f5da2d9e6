import { type MessagingClient, NotFoundError, type Queue } from "@stashkit/core";
import { messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { wholeNumber } from "../options/common.ts";
import type { CommandResult } from "../output/result.ts";
import { readQueueNames } from "./queue-names.ts";
import type { CreateFlags } from "./queues-create.flags.ts";

type Created =
  | { name: string; outcome: "created"; parallelism: number }
  | { name: string; outcome: "updated"; parallelism: number; was: number | undefined }
  | { name: string; outcome: "unchanged"; parallelism: number | undefined; paused: boolean };

/**
 * `stashkit queues create`: each queue is read first, so that a queue that exists keeps its
 * parallelism unless --parallelism is given (the API's upsert would set it to 1), and the lines
 * say what really happened.
 */
export async function run(flags: CreateFlags, context: CommandContext): Promise<CommandResult> {
  const names = readQueueNames(flags.names);
  const parallelism =
    flags.parallelism === undefined ? undefined : wholeNumber(flags.parallelism, "--parallelism", 1, 1000);
  const client = messagingClient(flags, context);
  const work = async () => {
    const done: Created[] = [];
    for (const name of names) done.push(await createQueue(client, name, parallelism));
    return done;
  };
  const created = await context.terminal.progress(`creating ${names.join(", ")}`, work());
  return {
    lines: created.map(describe),
    json: () => ({ queues: created }),
    fields: [
      { env: "STASHKIT_QUEUES", output: "queues", value: names.join(",") },
      {
        env: "STASHKIT_CREATED",
        output: "created",
        value: created
          .filter((c) => c.outcome === "created")
          .map((c) => c.name)
          .join(","),
      },
    ],
    warnings: [],
  };
}

async function createQueue(
  client: MessagingClient,
  name: string,
  parallelism: number | undefined,
): Promise<Created> {
  const existing = await readQueue(client, name);
  if (existing === undefined) {
    await client.queues.upsert({ queueName: name, parallelism: parallelism ?? 1 });
    return { name, outcome: "created", parallelism: parallelism ?? 1 };
  }
  if (parallelism === undefined || parallelism === existing.parallelism)
    return { name, outcome: "unchanged", parallelism: existing.parallelism, paused: existing.paused };
  await client.queues.upsert({ queueName: name, parallelism });
  return { name, outcome: "updated", parallelism, was: existing.parallelism };
}

async function readQueue(client: MessagingClient, name: string): Promise<Queue | undefined> {
  try {
    return await client.queues.get(name);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

function describe(c: Created): string {
  switch (c.outcome) {
    case "created":
      return `queue ${c.name}: created (parallelism ${c.parallelism})`;
    case "updated":
      return `queue ${c.name}: parallelism changed from ${c.was ?? "unknown"} to ${c.parallelism}`;
    case "unchanged":
      return `queue ${c.name}: already exists (parallelism ${c.parallelism ?? "unknown"}, ${c.paused ? "paused" : "active"}); left as it is`;
  }
}

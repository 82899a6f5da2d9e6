import { apiCommand, type CommandDeclaration } from "../command.ts";
import { ACT_FLAGS, LIST_FLAGS } from "./dlq.flags.ts";

export const dlqList: CommandDeclaration<typeof LIST_FLAGS> = {
  name: "dlq list",
  description: "list the dead letter queue: messages whose every delivery failed",
  flags: LIST_FLAGS,
  examples: ["stashkit dlq list", "stashkit dlq list --queue orders --label billing --format json"],
  run: apiCommand("dlq list", "messaging", async () => ({ run: (await import("./dlq.ts")).list })),
};

export const dlqRetry: CommandDeclaration<typeof ACT_FLAGS> = {
  name: "dlq retry",
  description: "publish DLQ messages again (those the filters select, or --all); --dry-run lists them",
  flags: ACT_FLAGS,
  examples: [
    "stashkit dlq retry --queue orders --dry-run",
    "stashkit dlq retry --url https://app.example.com/hook",
  ],
  run: apiCommand("dlq retry", "messaging", async () => ({ run: (await import("./dlq.ts")).retry })),
};

export const dlqDelete: CommandDeclaration<typeof ACT_FLAGS> = {
  name: "dlq delete",
  description: "remove DLQ messages (those the filters select, or --all); --dry-run lists them",
  flags: ACT_FLAGS,
  examples: ["stashkit dlq delete --label smoke-test --dry-run", "stashkit dlq delete --all"],
  run: apiCommand("dlq delete", "messaging", async () => ({ run: (await import("./dlq.ts")).remove })),
};

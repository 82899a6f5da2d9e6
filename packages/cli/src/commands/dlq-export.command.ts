import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./dlq-export.flags.ts";

export const dlqExport: CommandDeclaration<typeof FLAGS> = {
  name: "dlq export",
  description:
    "write DLQ entries (a Workflow run's entry: its run, steps included) as NDJSON for stashkit replay --from-file; secret headers left out",
  flags: FLAGS,
  examples: [
    "stashkit dlq export --queue orders --output dlq.ndjson",
    "stashkit dlq export --label billing --keep-headers X-Tenant > billing.ndjson",
    "stashkit replay --from-file dlq.ndjson --rewrite https://app.example.com=http://localhost:3000",
  ],
  run: apiCommand("dlq export", "messaging", () => import("./dlq-export.ts")),
};

import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./replay.flags.ts";

export const replayCommand: CommandDeclaration<typeof FLAGS> = {
  name: "replay",
  description:
    "send DLQ entries, messages or a failed Workflow run of the account (read-only token) into an emulator, against your local app",
  flags: FLAGS,
  examples: [
    "stashkit replay --dlq dlq_123 --rewrite https://app.example.com=http://localhost:3000",
    "stashkit replay --run wfr_123 --rewrite https://app.example.com=http://localhost:3000",
    "stashkit replay --message msg_123 --body-file fixed.json --rewrite https://app.example.com=http://localhost:3000",
    "stashkit dlq export --queue orders --output dlq.ndjson && stashkit replay --from-file dlq.ndjson --rate 5 --rewrite https://app.example.com=http://localhost:3000",
  ],
  run: apiCommand("replay", "messaging", () => import("./replay.ts")),
};

import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./qstash-migrate.flags.ts";

export const qstashMigrate: CommandDeclaration<typeof FLAGS> = {
  name: "qstash migrate",
  description:
    "copy one QStash region's schedules, URL groups and queues to the other (the SDK's multi-region variables); says what cannot move",
  flags: FLAGS,
  examples: [
    "stashkit qstash migrate --from EU_CENTRAL_1 --to US_EAST_1 --dry-run",
    "stashkit qstash migrate --from EU_CENTRAL_1 --to US_EAST_1 --pause-source",
  ],
  run: apiCommand("qstash migrate", "messaging", () => import("./qstash-migrate.ts")),
};

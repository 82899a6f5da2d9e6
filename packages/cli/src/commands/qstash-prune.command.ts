import { apiCommand, type CommandDeclaration } from "../command.ts";
import { QSTASH_FORMATS } from "./qstash.command-formats.ts";
import { FLAGS } from "./qstash-prune.flags.ts";

export const qstashPrune: CommandDeclaration<typeof FLAGS> = {
  name: "qstash prune",
  description:
    "delete the previews (schedules, URL groups, queues) of closed pull requests, found by the environment's {pr} prefix",
  flags: FLAGS,
  examples: [
    "stashkit qstash prune --env preview --open-from github:acme/shop --max-age 7d",
    "stashkit qstash prune --env preview --open 12 15 --dry-run",
  ],
  run: apiCommand("qstash prune", "messaging", () => import("./qstash-prune.ts"), QSTASH_FORMATS),
};

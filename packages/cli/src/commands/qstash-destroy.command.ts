import { apiCommand, type CommandDeclaration } from "../command.ts";
import { QSTASH_FORMATS } from "./qstash.command-formats.ts";
import { FLAGS } from "./qstash-destroy.flags.ts";

export const qstashDestroy: CommandDeclaration<typeof FLAGS> = {
  name: "qstash destroy",
  description:
    "delete what one environment owns (a closed pull request's preview); a queue with messages waiting is kept unless --force",
  flags: FLAGS,
  examples: [
    "stashkit qstash destroy --env preview --pr 42",
    "stashkit qstash destroy --env preview --pr 42 --force --dry-run",
  ],
  run: apiCommand("qstash destroy", "messaging", () => import("./qstash-destroy.ts"), QSTASH_FORMATS),
};

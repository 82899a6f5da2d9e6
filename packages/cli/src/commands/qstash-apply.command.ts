import { apiCommand, type CommandDeclaration } from "../command.ts";
import { QSTASH_FORMATS } from "./qstash.command-formats.ts";
import { FLAGS } from "./qstash-apply.flags.ts";

export const qstashApply: CommandDeclaration<typeof FLAGS> = {
  name: "qstash apply",
  description:
    "make the account match one environment of the declaration file: create, update in place, delete what it owns and no longer declares",
  flags: FLAGS,
  examples: [
    "stashkit qstash apply --env production",
    "stashkit qstash apply --env preview --pr 42 --var base_url=https://myapp-pr-42.vercel.app",
    "stashkit qstash apply --env production --allow-delete   # protect: true refuses deletes without it",
    "stashkit qstash apply --env staging --dry-run",
  ],
  run: apiCommand("qstash apply", "messaging", () => import("./qstash-apply.ts"), QSTASH_FORMATS),
};

import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./qstash-export.flags.ts";

export const qstashExport: CommandDeclaration<typeof FLAGS> = {
  name: "qstash export",
  description:
    "write a declaration file from the account as it is (adopting what the console made); plan --env then shows no change",
  flags: FLAGS,
  examples: [
    "stashkit qstash export --env production --output stashkit.qstash.yaml",
    "stashkit qstash export --env production --output stashkit.qstash.json",
  ],
  run: apiCommand("qstash export", "messaging", () => import("./qstash-export.ts")),
};

import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./qstash-export.flags.ts";

export const qstashExport: CommandDeclaration<typeof FLAGS> = {
  name: "qstash export",
  description:
    "write a declaration file from the account as it is (adopting what the console made); plan --env then shows no change",
  flags: FLAGS,
  examples: [
    "stashkit qstash export --env production --output-file stashkit.qstash.yaml",
    "stashkit qstash export --env production --output-file stashkit.qstash.json",
  ],
  // The declaration is what --output-file receives; what was written goes to stdout.
  run: apiCommand("qstash export", "messaging", () => import("./qstash-export.ts"), { outputFile: "data" }),
};

import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./doctor.flags.ts";

export const doctorCommand: CommandDeclaration<typeof FLAGS> = {
  name: "doctor",
  description:
    "check the QStash settings (each token's region and URL, the signing keys), probe an endpoint, say why a run or message is not moving",
  flags: FLAGS,
  examples: [
    "stashkit doctor",
    "stashkit doctor --probe https://app.example.com/api/health --format json",
    "stashkit doctor --run wfr_3bUzVe4nbTc1cRgNvZ2ahFwmNsMY",
  ],
  run: apiCommand("doctor", "messaging", () => import("./doctor.ts"), { formats: ["text", "json"] }),
};

import type { CommandDeclaration } from "../command.ts";
import { FLAGS } from "./emulator.flags.ts";

/** `stashkit emulator`: the bundled emulator in the foreground (its work is in emulator.ts). */
export const emulatorCommand: CommandDeclaration<typeof FLAGS> = {
  name: "emulator",
  description: "run the bundled emulator of both APIs in the foreground, printing its URL and credentials",
  flags: FLAGS,
  examples: ["stashkit emulator", "stashkit emulator --port 0 --data-file .stashkit-emulator.db"],
  run: async (flags) => {
    const { serveEmulator } = await import("./serve-emulator.ts");
    return serveEmulator(flags);
  },
};

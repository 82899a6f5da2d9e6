import type { CommandDeclaration } from "../command.ts";
import type { FlagValues } from "../flags.ts";

const FLAGS = [
  { flags: "--port <port>", description: "port to listen on; 0 picks a free one", default: "8787" },
  { flags: "--host <host>", description: "address to bind", default: "127.0.0.1" },
  { flags: "--data-file <path>", description: "keep the emulator's state in this file across restarts" },
] as const;

export type EmulatorCommandFlags = FlagValues<typeof FLAGS>;

/** `stashkit emulator`: the bundled emulator in the foreground (its work is in emulator.ts). */
export const emulatorCommand: CommandDeclaration<typeof FLAGS> = {
  name: "emulator",
  description: "run the bundled emulator of both APIs in the foreground, printing its URL and credentials",
  flags: FLAGS,
  examples: ["stashkit emulator", "stashkit emulator --port 0 --data-file .stashkit-emulator.json"],
  run: async (flags) => {
    const { serveEmulator } = await import("../serve-emulator.ts");
    return serveEmulator(flags);
  },
};

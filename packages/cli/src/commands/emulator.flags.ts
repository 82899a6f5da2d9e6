import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit emulator`: their value names and types are derived from here. */
export const FLAGS = [
  { flags: "--port <port>", description: "port to listen on; 0 picks a free one", default: "8787" },
  { flags: "--host <host>", description: "address to bind", default: "127.0.0.1" },
  { flags: "--data-file <path>", description: "keep the emulator's state in this file across restarts" },
] as const;

export type EmulatorCommandFlags = FlagValues<typeof FLAGS>;

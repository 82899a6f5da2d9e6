import { startEmulator } from "@stashkit/emulator";
import { wholeNumber } from "../options/common.ts";
import { UsageError } from "../usage-error.ts";

export interface EmulatorFlags {
  port?: string;
  host?: string;
  dataFile?: string;
}

/**
 * `stashkit emulator`: the bundled emulator in the foreground until Ctrl-C. Its credentials are
 * its own throwaway ones, printed so that the shell lines can be pasted.
 */
export async function serve(flags: EmulatorFlags): Promise<number> {
  const port = wholeNumber(flags.port ?? "8787", "--port", 0, 65535);
  const host = flags.host ?? "127.0.0.1";
  if (host.trim() === "") throw new UsageError("--host", "--host must not be empty");
  const emulator = await startEmulator({
    port,
    host,
    ...(flags.dataFile ? { dataFile: flags.dataFile } : {}),
  });
  process.stdout.write(
    [
      `stashkit emulator listening on ${emulator.url} (Ctrl-C stops it)`,
      "Both APIs answer there; these are the emulator's own throwaway credentials:",
      `export QSTASH_URL=${emulator.url}`,
      `export QSTASH_TOKEN=${emulator.messagingToken}`,
      `export UPSTASH_EMAIL=${emulator.account.email}`,
      `export UPSTASH_API_KEY=${emulator.account.apiKey}`,
      `then: stashkit search ensure --name demo --base-url ${emulator.url}`,
      "",
    ].join("\n"),
  );
  await new Promise<void>((resolve) => {
    const stop = () => void emulator.stop().then(resolve);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}

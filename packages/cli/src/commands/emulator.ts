import { InvalidSettingError, startEmulator } from "@stashkit/emulator";
import {
  declaredOptions,
  exposureWarning,
  optionsFromFlags,
  qstashDevPort,
} from "@stashkit/emulator/internal";
import { UsageError } from "../usage-error.ts";

/**
 * The flags commander parsed, by value name (`dataFile` for `--data-file`). Any object: which
 * flags there are is the emulator's declaration, read at run time.
 */
export type EmulatorFlags = object;

/**
 * `stashkit emulator`: the bundled emulator in the foreground until Ctrl-C. Its options (types,
 * defaults, environment variables, checks) are the emulator's own declarations, the same that
 * `stashkit-emulator` reads. Its credentials are its own throwaway ones, printed so that the
 * shell lines can be pasted.
 */
export async function serve(flags: EmulatorFlags): Promise<number> {
  const options = emulatorOptions(flags);
  const emulator = await startEmulator(options).catch((error: unknown) => {
    if (error instanceof InvalidSettingError) throw usageError(error);
    throw error;
  });
  const [index] = options.searchIndexes ?? [];
  const search = index === undefined ? [] : Object.entries(emulator.searchEnv(index));
  const exposed = exposureWarning(options, emulator.port);
  if (exposed) process.stderr.write(`stashkit emulator: warning: ${exposed.line}\n`);
  process.stdout.write(
    [
      `stashkit emulator listening on ${emulator.url} (Ctrl-C stops it)`,
      ...(exposed ? [`warning: ${exposed.short} (see stderr)`] : []),
      "Both APIs answer there; these are the emulator's own throwaway credentials:",
      `export QSTASH_URL=${emulator.url}`,
      `export QSTASH_TOKEN=${emulator.messagingToken}`,
      // Reads only: the service's read-only token, for a read command or a teammate.
      `export QSTASH_READ_ONLY_TOKEN=${emulator.messagingReadOnlyToken}`,
      // With --qstash-dev: what the SDK's dev mode reads to find this emulator.
      ...(options.qstashDev ? ["export QSTASH_DEV=true", `export QSTASH_DEV_PORT=${emulator.port}`] : []),
      // The management base URL too: without it, `search ...` would send these to the hosted API.
      `export STASHKIT_BASE_URL=${emulator.url}`,
      `export UPSTASH_EMAIL=${emulator.account.email}`,
      `export UPSTASH_API_KEY=${emulator.account.apiKey}`,
      // The first --search-index's: what Search.fromEnv() of @upstash/search reads.
      ...search.map(([name, value]) => `export ${name}=${value}`),
      "then: stashkit search ensure --name demo",
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

/** Reads each declared option's flag under commander's value name, then lets the emulator parse it. */
function emulatorOptions(flags: EmulatorFlags) {
  const byFlag: Record<string, string | readonly string[] | boolean | undefined> = {};
  for (const { info } of declaredOptions()) {
    if (info.flag === undefined) continue;
    const value: unknown = (flags as Record<string, unknown>)[camelCase(info.flag)];
    if (typeof value === "string" || typeof value === "boolean" || Array.isArray(value))
      byFlag[info.flag] = value;
  }
  // The emulator's defaults for the command line: the port a person expects, not a random one
  // (with --qstash-dev, the SDK's dev port).
  const values = qstashDevPort(byFlag, process.env);
  for (const { info } of declaredOptions()) {
    if (info.flag !== undefined && info.cliDefault !== undefined) values[info.flag] ??= info.cliDefault;
  }
  try {
    return optionsFromFlags(values, process.env);
  } catch (error) {
    if (error instanceof InvalidSettingError) throw usageError(error);
    throw error;
  }
}

function usageError(error: InvalidSettingError): UsageError {
  const flag = /--[\w-]+/.exec(error.message)?.[0] ?? "emulator";
  return new UsageError(flag, error.message);
}

/** `data-file` → `dataFile`, as commander names a flag's value. */
function camelCase(flag: string): string {
  return flag.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

import { readFileSync, statSync } from "node:fs";
import {
  parseBaseUrl,
  parseHeaderNames,
  parseRewriteRules,
  type RecordedSources,
  type ReplayRules,
} from "@stashkit/core/internal";
import type { CommandContext } from "../context.ts";
import { wholeNumber } from "../options/common.ts";
import { UsageError } from "../usage-error.ts";
import { EMULATOR_DEFAULT_TOKEN, type ReplayFlags } from "./replay.flags.ts";

/** The most a payload may be: the messaging API's (and the emulator's) limit on a message. */
const MAX_BODY_BYTES = 1024 * 1024;
const CONTROL_TOKEN_ENV = "STASHKIT_EMULATOR_CONTROL_TOKEN";

export const REPLAY_NAMES = { rewrite: "--rewrite", keepHeaders: "--keep-headers" } as const;

export interface ReplayInputs {
  /** The account's records by id, or a file `dlq export` wrote. */
  source: { kind: "account"; sources: RecordedSources; count: number } | { kind: "file"; path: string };
  rules: ReplayRules;
  rate: number;
  to: string;
  toToken: string;
  controlToken: string | undefined;
  dryRun: boolean;
}

/** An id of the account: what goes into a path segment, checked before anything is sent. */
function ids(values: readonly string[] | undefined, flag: string): string[] {
  return (values ?? []).map((value) => {
    const id = value.trim();
    // Printable ASCII, and nothing that would change the path it goes into.
    if (!/^[!-~]{1,200}$/.test(id) || /[/\\?#%]/.test(id)) {
      throw new UsageError(
        flag,
        `${flag} must be an id of the account (no spaces, "/", "?" or "#"); got ${JSON.stringify(value)}`,
      );
    }
    return id;
  });
}

function bodyFile(path: string | undefined): Uint8Array | undefined {
  if (path === undefined) return undefined;
  try {
    const size = statSync(path).size;
    if (size > MAX_BODY_BYTES)
      throw new UsageError(
        "--body-file",
        `--body-file ${path} is ${size} bytes: a message holds at most 1 MiB`,
      );
    return readFileSync(path);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new UsageError("--body-file", `--body-file ${path} cannot be read (${code})`);
  }
}

/** Every flag of `stashkit replay`, checked before anything is read or sent. */
export function readReplayInputs(flags: ReplayFlags, context: CommandContext): ReplayInputs {
  const sources = {
    dlqIds: ids(flags.dlq, "--dlq"),
    messageIds: ids(flags.message, "--message"),
    runIds: ids(flags.run, "--run"),
  };
  const count = sources.dlqIds.length + sources.messageIds.length + sources.runIds.length;
  const file = flags.fromFile?.trim() || undefined;
  if (file !== undefined && count > 0)
    throw new UsageError("--from-file", "give --from-file or --dlq/--message/--run, not both");
  if (file === undefined && count === 0)
    throw new UsageError(
      "--dlq",
      "say what to replay: --dlq <id>, --message <id>, --run <id> or --from-file <path>",
    );
  if (flags.bodyFile !== undefined && (file !== undefined || count > 1)) {
    throw new UsageError(
      "--body-file",
      "--body-file replaces one payload: give it with one --dlq, --message or --run",
    );
  }
  const to = (flags.to ?? "").trim();
  try {
    parseBaseUrl(to, "--to");
  } catch (error) {
    throw new UsageError("--to", (error as Error).message);
  }
  const toToken = flags.toToken?.trim() || EMULATOR_DEFAULT_TOKEN;
  const controlToken = flags.toControlToken?.trim() || context.env[CONTROL_TOKEN_ENV]?.trim() || undefined;
  context.redactor.add(toToken, controlToken);
  return {
    source: file === undefined ? { kind: "account", sources, count } : { kind: "file", path: file },
    rules: {
      rewrite: parseRewriteRules(flags.rewrite ?? [], "--rewrite"),
      keepHeaders: parseHeaderNames(flags.keepHeaders ?? [], "--keep-headers"),
      body: bodyFile(flags.bodyFile),
      names: REPLAY_NAMES,
    },
    rate: wholeNumber(flags.rate ?? "10", "--rate", 1, 1000),
    to,
    toToken,
    controlToken,
    dryRun: flags.dryRun === true,
  };
}

/** Refuses a replay that cannot end within --timeout-seconds at this --rate, before it starts. */
export function checkDuration(records: number, inputs: ReplayInputs, context: CommandContext): void {
  const seconds = Math.ceil((records - 1) / inputs.rate);
  const limit = context.common.timeoutSeconds;
  if (seconds >= limit) {
    throw new UsageError(
      "--rate",
      `${records} records at --rate ${inputs.rate} take ${seconds} s, more than --timeout-seconds ${limit}: raise one of them`,
    );
  }
}

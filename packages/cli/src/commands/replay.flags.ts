import { MESSAGING_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The emulator `stashkit emulator` starts, on its default port. */
export const LOCAL_EMULATOR_URL = "http://127.0.0.1:8787";
/**
 * The messaging token an emulator accepts when started without --token: a throwaway the emulator
 * prints (a test holds this copy to @stashkit/emulator's DEFAULT_MESSAGING_TOKEN; importing the
 * emulator here would load it for every --help).
 */
export const EMULATOR_DEFAULT_TOKEN = "stashkit-emulator-qstash-token";

/** Which secret headers replay and `dlq export` send and write anyway. */
export const KEEP_HEADERS_FLAG = {
  flags: "--keep-headers <names>",
  description:
    "secret headers to keep, comma-separated (repeatable); left out by default: Authorization, cookies, tokens, keys and values that look like keys",
  repeatable: true,
} as const;

/** The flags of `stashkit replay`: the account to read (MESSAGING_FLAGS), what, and the emulator to send to. */
export const FLAGS = [
  ...MESSAGING_FLAGS,
  {
    flags: "--dlq <id>",
    description: "a DLQ entry of the account (repeatable); a Workflow run's entry replays its run",
    repeatable: true,
  },
  {
    flags: "--message <id>",
    description: "a message of the account still on its way (repeatable)",
    repeatable: true,
  },
  {
    flags: "--run <id>",
    description: "a Workflow run of the account, continued from the step it stopped at (repeatable)",
    repeatable: true,
  },
  {
    flags: "--from-file <path>",
    description: "the records of an NDJSON file from stashkit dlq export, instead of the account",
  },
  { flags: "--to <url>", description: "the emulator to replay into", default: LOCAL_EMULATOR_URL },
  {
    flags: "--to-token <token>",
    description: "a messaging token the emulator accepts (its default unless it was started with --token)",
  },
  {
    flags: "--to-control-token <token>",
    description:
      "the emulator's control token, when it has one (default: STASHKIT_EMULATOR_CONTROL_TOKEN); importing a run needs it off the emulator's machine",
  },
  {
    flags: "--rewrite <from=to>",
    description:
      "deliver to your machine: URLs under FROM go under TO, e.g. https://app.example.com=http://localhost:3000 (repeatable)",
    repeatable: true,
  },
  {
    flags: "--body-file <path>",
    description: "send this file's bytes as the payload instead (a run's trigger payload); one record only",
  },
  KEEP_HEADERS_FLAG,
  { flags: "--rate <n>", description: "records sent a second, at most (1-1000)", default: "10" },
  { flags: "--dry-run", description: "check and list what would be replayed; send nothing to the emulator" },
] as const;

export type ReplayFlags = FlagValues<typeof FLAGS>;

import type { StallSetting } from "./facts.ts";

/** What the user sets, in each setting: the emulator prints its values, the service has them per region. */
const WORDS = {
  emulator: {
    signingKeys:
      "give its receiver the emulator's signing keys (QSTASH_CURRENT_SIGNING_KEY and QSTASH_NEXT_SIGNING_KEY as the emulator printed)",
    protocol:
      "the app speaks a Workflow protocol version the emulator does not (it delivers version 1, as @upstash/workflow 1.x expects)",
  },
  service: {
    signingKeys:
      "give its receiver the signing keys of the region the run is in (QSTASH_CURRENT_SIGNING_KEY and QSTASH_NEXT_SIGNING_KEY, or <REGION>_QSTASH_CURRENT_SIGNING_KEY and <REGION>_QSTASH_NEXT_SIGNING_KEY with QSTASH_REGION set)",
    protocol:
      "the app speaks another Workflow protocol version than QStash delivers (version 1, as @upstash/workflow 1.x expects): update @upstash/workflow",
  },
} as const satisfies Record<StallSetting, Record<string, string>>;

/**
 * A hint for what the Workflow SDK's `serve()` says when it refuses a delivery, else the answer's
 * start (`: …`), else nothing. Every hint starts with ": the app", which the emulator's message
 * log uses to tell a hint from the answer's own text.
 */
export function failureHint(body: string, setting: StallSetting): string {
  const words = WORDS[setting];
  if (body.includes("Failed to verify that the Workflow request comes from QStash")) {
    if (body.includes("body hash does not match")) {
      return ": the app read another body than the one signed (a body parser or a proxy changed it): hand serve() the request as it came";
    }
    return `: the app rejected the delivery's signature; ${words.signingKeys}`;
  }
  if (body.includes("Incompatible workflow sdk protocol version")) return `: ${words.protocol}`;
  if (/Incompatible (step name|step type|number of parallel steps|steps detected)/.test(body)) {
    return ": the app's code no longer has the run's steps in that order, with those names and kinds (a deploy changed them); `stashkit workflow check-deploy` finds this before a deploy";
  }
  const text = body.replace(/\s+/g, " ").trim();
  return text === "" ? "" : `: ${text.slice(0, 200)}`;
}

/** The clock's name after a time, where it is not the wall clock everyone reads. */
export function clockNote(setting: StallSetting, form: "short" | "long"): string {
  if (setting === "service") return "";
  return form === "short" ? " (emulator clock)" : " on the emulator's clock";
}

/** Why a run has nothing pending: its app published its next step somewhere else. */
export function nothingPending(setting: StallSetting): string {
  return setting === "emulator"
    ? "nothing is pending: the app answered its last delivery without publishing a next step to this emulator; is its qstashClient pointed at it (QSTASH_URL as the emulator printed)?"
    : "nothing is pending: the app answered its last delivery without publishing a next step to this QStash account and region; is its qstashClient given this account's token and the URL of the run's region (QSTASH_TOKEN and QSTASH_URL, or their <REGION>_ forms with QSTASH_REGION set)?";
}

import { join } from "node:path";
import { describeEntryOnly } from "@stashkit/testing/vitest";

describeEntryOnly({
  actionDir: join(import.meta.dirname, ".."),
  credentials: { QSTASH_TOKEN: "token-1" },
  missingCredentials: {
    env: { QSTASH_TOKEN: undefined },
    message: /input token is empty and QSTASH_TOKEN is not set/,
  },
  baseInputs: { "messaging-url": "http://127.0.0.1:9" },
  goodInputs: { "queue-name": "orders" },
  refusals: [
    ["a queue name with a slash", { "queue-name": "a/b" }, /queue-name "a\/b" is invalid/],
    [
      "an unknown kind in only-if-paused-by",
      { "queue-name": "orders", "only-if-paused-by": '[{"kind":"topic","name":"x"}]' },
      /at 0\.kind: Invalid option: expected one of "queue"\|"schedule"\|"flow-control-key"/,
    ],
  ],
});

import { join } from "node:path";
import { describeEntryOnly } from "@stashkit/testing/vitest";

describeEntryOnly({
  actionDir: join(import.meta.dirname, ".."),
  api: "messaging",
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

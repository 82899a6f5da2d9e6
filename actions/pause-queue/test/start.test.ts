import { join } from "node:path";
import { describeEntryOnly } from "@stashkit/testing/vitest";

describeEntryOnly({
  actionDir: join(import.meta.dirname, ".."),
  api: "messaging",
  goodInputs: { "queue-name": "orders" },
  refusals: [
    ["a queue name with a slash", { "queue-name": "a/b" }, /queue-name "a\/b" is invalid/],
    [
      "an unknown if-missing",
      { "queue-name": "orders", "if-missing": "maybe" },
      /input if-missing must be one of/,
    ],
  ],
});

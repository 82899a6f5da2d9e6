import { join } from "node:path";
import { describeEntryOnly } from "@stashkit/testing/vitest";

describeEntryOnly({
  actionDir: join(import.meta.dirname, ".."),
  api: "management",
  goodInputs: { name: "shop", region: "eu-west-1" },
  refusals: [
    ["an unknown region", { name: "shop", region: "mars" }, /region must be one of eu-west-1/],
    ["an unknown type", { name: "shop", region: "eu-west-1", type: "gold" }, /input type must be one/],
    [
      "a protected name",
      { name: "shop", region: "eu-west-1", protect: "sh*" },
      /is protected by protect "sh\*"/,
    ],
    ["a comment on a push", { name: "shop", region: "eu-west-1", comment: "true" }, /about no pull request/],
  ],
});

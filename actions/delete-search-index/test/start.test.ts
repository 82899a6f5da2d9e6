import { join } from "node:path";
import { describeEntryOnly } from "@stashkit/testing/vitest";

describeEntryOnly({
  actionDir: join(import.meta.dirname, ".."),
  api: "management",
  goodInputs: { name: "a" },
  refusals: [
    ["a non-boolean dry-run", { name: "a", "dry-run": "perhaps" }, /input dry-run must be true or false/],
    ["an unparsable max-age", { "prune-pattern": "a-{pr}", "max-age": "soon" }, /max-age must be a duration/],
    ["a protected name", { name: "a", protect: "a" }, /is protected by protect "a"/],
  ],
});

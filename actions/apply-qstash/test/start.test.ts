import { join } from "node:path";
import { describeEntryOnly } from "@stashkit/testing/vitest";

describeEntryOnly({
  actionDir: join(import.meta.dirname, ".."),
  api: "messaging",
  goodInputs: { environment: "preview" },
  refusals: [
    [
      "an unknown mode",
      { environment: "preview", mode: "deploy" },
      /input mode must be one of plan, apply, destroy/,
    ],
    ["no environment", { mode: "plan" }, /input environment is required and was empty/],
    [
      "a vars line without a name",
      { environment: "preview", vars: "https://x" },
      /input vars takes one name=value a line/,
    ],
    [
      "allow-delete that is not a boolean",
      { environment: "preview", "allow-delete": "yes" },
      /input allow-delete must be true or false/,
    ],
  ],
});

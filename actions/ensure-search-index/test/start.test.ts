import { join } from "node:path";
import { describeEntryOnly } from "@stashkit/testing/vitest";

describeEntryOnly({
  actionDir: join(import.meta.dirname, ".."),
  credentials: { UPSTASH_EMAIL: "me@example.com", UPSTASH_API_KEY: "key-1" },
  missingCredentials: {
    env: { UPSTASH_EMAIL: undefined, UPSTASH_API_KEY: undefined },
    message: /input email is empty and UPSTASH_EMAIL is not set/,
  },
  baseInputs: { "base-url": "http://127.0.0.1:9" },
  goodInputs: { name: "shop", region: "eu-west-1" },
  refusals: [
    ["an unknown region", { name: "shop", region: "mars" }, /region must be one of eu-west-1/],
    ["an unknown type", { name: "shop", region: "eu-west-1", type: "gold" }, /input type must be one/],
  ],
});

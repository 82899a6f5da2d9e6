import type { BadInput } from "./bad-input.ts";
import { QUEUE_CASES } from "./bad-inputs-queues.ts";
import { type ActionName, credentialSecrets, runBundle, withEmulator } from "./environment.ts";
import { check, errorLines, expectNoLeaks, type Scenario } from "./suite.ts";

const ensure = { name: "shop", region: "eu-west-1" };
const ACTION_NAMES: Record<ActionName, string> = {
  ensure: "ensure-search-index",
  resume: "resume-queue",
  pause: "pause-queue",
  delete: "delete-search-index",
  qstash: "apply-qstash",
};

const CASES: BadInput[] = [
  {
    action: "qstash",
    name: "unknown mode",
    inputs: { environment: "preview", mode: "deploy" },
    says: /input mode must be one of plan, apply, destroy; got "deploy"/,
  },
  { action: "ensure", name: "empty name", inputs: { ...ensure, name: "" }, says: /input name is required/ },
  {
    action: "ensure",
    name: "whitespace name",
    inputs: { ...ensure, name: "   " },
    says: /input name is required/,
  },
  {
    action: "ensure",
    name: "unknown region",
    inputs: { ...ensure, region: "eu-west-2" },
    says: /region must be one of eu-west-1, us-central1; got "eu-west-2"/,
  },
  {
    action: "ensure",
    name: "missing region",
    inputs: { ...ensure, region: "" },
    says: /input region is required/,
  },
  {
    action: "ensure",
    name: "unknown type",
    inputs: { ...ensure, type: "enterprise" },
    says: /input type must be one of free, payg, fixed; got "enterprise"/,
  },
  {
    action: "ensure",
    name: "unknown on-mismatch",
    inputs: { ...ensure, "on-mismatch": "ignore" },
    says: /input on-mismatch must be one of fail, warn; got "ignore"/,
  },
  {
    action: "ensure",
    name: "placeholder without value",
    inputs: { ...ensure, name: "shop-pr-{pr}" },
    says: /name uses \{pr\}, which has no value on a push event/,
  },
  {
    action: "ensure",
    name: "unknown placeholder",
    inputs: { ...ensure, name: "shop-{user}" },
    says: /name uses the unknown placeholder \{user\}; the placeholders are \{pr\}, \{branch\}/,
  },
  {
    action: "ensure",
    name: "http to a remote host",
    inputs: { ...ensure, "base-url": "http://api.upstash.com" },
    says: /base-url must use https:\/\/ \(http:\/\/ is accepted only for loopback hosts/,
  },
  {
    action: "ensure",
    name: "base URL with user info",
    inputs: { ...ensure, "base-url": "https://me:secret@api.upstash.com" },
    says: /base-url must not contain user info/,
  },
  {
    action: "ensure",
    name: "base URL with a query",
    inputs: { ...ensure, "base-url": "https://api.upstash.com/?debug=1" },
    says: /base-url must not contain a query string/,
  },
  {
    action: "ensure",
    name: "base URL that is not a URL",
    inputs: { ...ensure, "base-url": "api.upstash.com" },
    says: /base-url must be an absolute URL/,
  },
  {
    action: "ensure",
    name: "non-numeric max-attempts",
    inputs: { ...ensure, "max-attempts": "five" },
    says: /input max-attempts must be a whole number from 1 to 20; got "five"/,
  },
  {
    action: "ensure",
    name: "negative timeout-seconds",
    inputs: { ...ensure, "timeout-seconds": "-1" },
    says: /input timeout-seconds must be a whole number from 1 to 3600; got "-1"/,
  },
  {
    action: "ensure",
    name: "non-boolean mask-endpoint",
    inputs: { ...ensure, "mask-endpoint": "maybe" },
    says: /input mask-endpoint must be true or false; got "maybe"/,
  },
  {
    action: "ensure",
    name: "empty credentials",
    inputs: ensure,
    env: { UPSTASH_EMAIL: undefined, UPSTASH_API_KEY: undefined },
    says: /input email is empty and UPSTASH_EMAIL is not set/,
  },
  {
    action: "ensure",
    name: "empty API key",
    inputs: ensure,
    env: { UPSTASH_API_KEY: "" },
    says: /input api-key is empty and UPSTASH_API_KEY is not set/,
  },
  {
    action: "ensure",
    name: "name with a line break and a command",
    inputs: { ...ensure, name: "n1\n::set-output name=pwn::1" },
    says: /name "n1\\n::set-output name=pwn::1" is invalid: index names may not be "\." or "\.\.", nor contain control characters/,
  },
  {
    action: "ensure",
    name: "a 120 KB name",
    inputs: { ...ensure, name: "n".repeat(120 * 1024) },
    says: /name "n{20}…" is 122880 characters long: index names may have at most 128/,
  },
  {
    action: "ensure",
    name: "http to a *.localhost name",
    inputs: { ...ensure, "base-url": "http://api.localhost:8787" },
    says: /base-url must use https:\/\/ \(http:\/\/ is accepted only for loopback hosts/,
  },
  ...QUEUE_CASES,
];

export const BAD_INPUT_COUNT = CASES.length;

export function badInputScenarios(): Scenario[] {
  return CASES.map((bad) => ({
    section: "bad inputs",
    name: `${ACTION_NAMES[bad.action]}: ${bad.name}`,
    run: () =>
      withEmulator({}, async (server) => {
        // A bad URL input replaces the emulator's; the request log shows nothing was sent either way.
        const run = await runBundle(bad.action, server.url, bad.inputs, bad.env ? { env: bad.env } : {});
        expectNoLeaks(run, credentialSecrets());
        check(run.exitCode === 1, `expected exit 1, got ${run.exitCode}`);
        const lines = errorLines(run);
        check(lines.length === 1, `expected one ::error:: line, got ${lines.length}`);
        check(bad.says.test(lines[0] as string), `unexpected message: ${lines[0]}`);
        check(server.requests.length === 0, `${server.requests.length} requests were sent`);
        if (bad.action === "pause") {
          // The post step of a refused pause step has nothing to resume and sends nothing either.
          const post = await runBundle(bad.action, server.url, bad.inputs, {
            phase: "post",
            reuseDir: run.dir,
            ...(bad.env ? { env: bad.env } : {}),
          });
          expectNoLeaks(post, credentialSecrets());
          check(post.exitCode === 0, `the post step exited ${post.exitCode}`);
          check(server.requests.length === 0, `the post step sent ${server.requests.length} requests`);
        }
      }),
  }));
}

import { type ActionName, credentialSecrets, runBundle, withEmulator } from "./environment.ts";
import { check, errorLines, expectNoLeaks, type Scenario } from "./suite.ts";

interface BadInput {
  action: ActionName;
  name: string;
  inputs: Record<string, string>;
  env?: Record<string, string | undefined>;
  /** The line must name the input and what it accepts. */
  says: RegExp;
}

const ensure = { name: "shop", region: "eu-west-1" };
const resume = { "queue-name": "orders" };
const pause = { "queue-name": "orders", "resume-after-job": "always" };
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
  {
    action: "resume",
    name: "queue name .",
    inputs: { "queue-name": "." },
    says: /queue-name "\." is invalid: "\." and "\.\." are not queue names/,
  },
  {
    action: "resume",
    name: "queue name ..",
    inputs: { "queue-name": "orders,.." },
    says: /queue-name "\.\." is invalid: "\." and "\.\." are not queue names/,
  },
  {
    action: "resume",
    name: "a 1,000-character queue name",
    inputs: { "queue-name": "q".repeat(1000) },
    says: /queue-name "q{20}…" is 1000 characters long: queue names may have at most 128/,
  },
  {
    action: "resume",
    name: "queue name with a slash",
    inputs: { "queue-name": "orders/eu" },
    says: /queue-name "orders\/eu" is invalid: queue names may contain only letters, digits, "-", "." and "_"/,
  },
  {
    action: "resume",
    name: "queue name with a space",
    inputs: { "queue-name": "my orders" },
    says: /queue-name "my orders" is invalid/,
  },
  {
    action: "resume",
    name: "queue name in unicode",
    inputs: { "queue-name": "commandes-été" },
    says: /queue-name "commandes-été" is invalid/,
  },
  {
    action: "resume",
    name: "one bad name among several",
    inputs: { "queue-name": "orders\nemails!\naudit" },
    says: /queue-name "emails!" is invalid/,
  },
  {
    action: "resume",
    name: "no queue name",
    inputs: { "queue-name": "" },
    says: /nothing to resume: give at least one of queue-name, schedule-id, schedule-label, destination-prefix, flow-control-key/,
  },
  {
    action: "resume",
    name: "only separators",
    inputs: { "queue-name": ",\n, ," },
    says: /nothing to resume: give at least one of queue-name, schedule-id, schedule-label, destination-prefix, flow-control-key/,
  },
  {
    action: "resume",
    name: "unknown if-missing",
    inputs: { ...resume, "if-missing": "sometimes" },
    says: /input if-missing must be one of fail, warn, ignore; got "sometimes"/,
  },
  {
    action: "resume",
    name: "http to a remote host",
    inputs: { ...resume, "messaging-url": "http://qstash.upstash.io" },
    says: /messaging-url must use https:\/\//,
  },
  {
    action: "resume",
    name: "URL with user info",
    inputs: { ...resume, "messaging-url": "https://u:p@qstash.upstash.io" },
    says: /messaging-url must not contain user info/,
  },
  {
    action: "resume",
    name: "URL with a fragment",
    inputs: { ...resume, "messaging-url": "https://qstash.upstash.io/#x" },
    says: /messaging-url must not contain a fragment/,
  },
  {
    action: "resume",
    name: "zero max-attempts",
    inputs: { ...resume, "max-attempts": "0" },
    says: /input max-attempts must be a whole number from 1 to 20; got "0"/,
  },
  {
    action: "resume",
    name: "fractional timeout-seconds",
    inputs: { ...resume, "timeout-seconds": "2.5" },
    says: /input timeout-seconds must be a whole number from 1 to 3600; got "2.5"/,
  },
  {
    action: "resume",
    name: "empty token",
    inputs: resume,
    env: { QSTASH_TOKEN: "" },
    says: /input token is empty and QSTASH_TOKEN is not set/,
  },
  {
    action: "resume",
    name: "only-if-paused-by that is not JSON",
    inputs: { "only-if-paused-by": "orders,emails" },
    says: /only-if-paused-by must be JSON, as the pause step's paused output writes it/,
  },
  {
    action: "resume",
    name: "only-if-paused-by with an unknown kind",
    inputs: { "queue-name": "", "only-if-paused-by": '[{"kind":"topic","name":"news"}]' },
    says: /only-if-paused-by must be a JSON array of \{"kind", "name"\} with kind one of queue, schedule, flow-control-key/,
  },
  {
    action: "resume",
    name: "only-if-paused-by with an invalid name",
    inputs: { "queue-name": "", "only-if-paused-by": '[{"kind":"queue","name":"a b"}]' },
    says: /only-if-paused-by "a b" is invalid: queue names may contain only/,
  },
  {
    action: "resume",
    name: "only-if-paused-by together with a list",
    inputs: { ...resume, "only-if-paused-by": "[]" },
    says: /only-if-paused-by resumes exactly what a pause reported; give it alone, without queue-name, schedule-id, schedule-label, destination-prefix, flow-control-key/,
  },
  {
    action: "pause",
    name: "unknown resume-after-job",
    inputs: { ...pause, "resume-after-job": "on-success" },
    says: /input resume-after-job must be one of never, success, always; got "on-success"/,
  },
  {
    action: "pause",
    name: "unknown if-missing",
    inputs: { ...pause, "if-missing": "sometimes" },
    says: /input if-missing must be one of fail, warn, ignore; got "sometimes"/,
  },
  {
    action: "pause",
    name: "nothing to pause",
    inputs: { ...pause, "queue-name": " ,\n" },
    says: /nothing to pause: give at least one of queue-name, schedule-id, schedule-label, destination-prefix, flow-control-key/,
  },
  {
    action: "pause",
    name: "queue name with a slash",
    inputs: { ...pause, "queue-name": "orders/eu" },
    says: /queue-name "orders\/eu" is invalid/,
  },
  {
    action: "pause",
    name: "schedule id with a space",
    inputs: { ...pause, "schedule-id": "nightly job" },
    says: /schedule-id "nightly job" is invalid: schedule ids may contain only/,
  },
  {
    action: "pause",
    name: "schedule label with a tab",
    inputs: { ...pause, "schedule-label": "deploy\twindow" },
    says: /schedule-label "deploy\\twindow" is invalid/,
  },
  {
    action: "pause",
    name: "flow-control key with a control character",
    inputs: { ...pause, "flow-control-key": "pay\u0007ments" },
    says: /flow-control-key "pay\\u0007ments" is invalid/,
  },
  {
    action: "pause",
    name: "empty token",
    inputs: pause,
    env: { QSTASH_TOKEN: "" },
    says: /input token is empty and QSTASH_TOKEN is not set/,
  },
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

import { ManagementClient, type MessagingClient } from "@stashkit/core";
import { basicCredential } from "@stashkit/core/internal";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readInput, runManagementStep, runMessagingStep, runner, type Step } from "../src/index.ts";

afterEach(() => {
  vi.unstubAllEnvs();
  process.exitCode = undefined;
});

const CLEARED = ["UPSTASH_EMAIL", "UPSTASH_API_KEY", "QSTASH_TOKEN", "QSTASH_URL", "GITHUB_EVENT_PATH"];

function withInputs(inputs: Record<string, string>, env: Record<string, string> = {}) {
  for (const name of CLEARED) vi.stubEnv(name, "");
  for (const [name, value] of Object.entries(inputs)) vi.stubEnv(`INPUT_${name.toUpperCase()}`, value);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}

/** Runs `fn` and returns what it wrote to stdout. */
async function stdoutOf(fn: () => Promise<void>): Promise<string> {
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    await fn();
    return write.mock.calls.map((call) => String(call[0])).join("");
  } finally {
    write.mockRestore();
  }
}

describe("runManagementStep", () => {
  it("registers every form of the credentials before the body runs, and builds the client", async () => {
    withInputs({ email: "me@x.io", "api-key": "key>?~", "base-url": "http://127.0.0.1:9" });
    let seen: Step<ManagementClient> | undefined;
    const out = await stdoutOf(() =>
      runManagementStep("act", async (step) => {
        seen = step;
      }),
    );
    const masks = out.split("\n").filter((line) => line.startsWith("::add-mask::"));
    // Every form the key is sent or echoed in: raw, Basic base64 with and without padding,
    // base64url with and without, and each percent-encoded.
    const basic = basicCredential("me@x.io", "key>?~");
    expect(basic).toBe("bWVAeC5pbzprZXk+P34=");
    const forms = [
      "key>?~",
      "me@x.io",
      "me@x.io:key>?~",
      basic,
      "bWVAeC5pbzprZXk+P34",
      "bWVAeC5pbzprZXk-P34",
      "bWVAeC5pbzprZXk-P34=",
    ];
    expect(masks).toEqual(
      [...new Set(forms.flatMap((f) => [f, encodeURIComponent(f)]))].map(
        (f) => `::add-mask::${runner.escapeData(f)}`,
      ),
    );
    expect(await seen?.client()).toBeInstanceOf(ManagementClient);
    expect((await seen?.client())?.baseUrl).toBe("http://127.0.0.1:9");
    expect(seen?.credentials).toEqual({ email: "me@x.io", apiKey: "key>?~" });
    expect(process.exitCode).toBeUndefined();
  });

  it("falls back to UPSTASH_EMAIL and UPSTASH_API_KEY", async () => {
    withInputs({}, { UPSTASH_EMAIL: "env@x.io", UPSTASH_API_KEY: "env-key" });
    let credentials: unknown;
    await stdoutOf(() =>
      runManagementStep("act", async (step) => {
        credentials = step.credentials;
      }),
    );
    expect(credentials).toEqual({ email: "env@x.io", apiKey: "env-key" });
  });

  it("reports a missing credential only after the body's own inputs were checked", async () => {
    withInputs({ email: "", "api-key": "" });
    const out = await stdoutOf(() =>
      runManagementStep("act", async (step) => {
        if (readInput("name") === "") throw new Error("input name is required and was empty");
        await step.client();
      }),
    );
    expect(out).toContain("::error::act: input name is required and was empty");
    withInputs({ email: "", "api-key": "key-1", name: "n" });
    const second = await stdoutOf(() =>
      runManagementStep("act", async (step) => {
        await step.client();
      }),
    );
    expect(second).toContain("::error::act: input email is empty and UPSTASH_EMAIL is not set.");
    expect(second).toContain(
      "Pass it as an input or set the email and api-key inputs (or UPSTASH_EMAIL and UPSTASH_API_KEY)",
    );
    expect(process.exitCode).toBe(1);
  });

  it.each([
    [{ "max-attempts": "21" }, 'input max-attempts must be a whole number from 1 to 20; got "21"'],
    [{ "timeout-seconds": "0" }, 'input timeout-seconds must be a whole number from 1 to 3600; got "0"'],
    [{ "base-url": "https://api.example.com#x" }, "base-url must not contain a fragment (#…)"],
  ])("refuses %j before the body runs", async (override, message) => {
    withInputs({ email: "e@x.io", "api-key": "key-1", ...override });
    let ran = false;
    const out = await stdoutOf(() =>
      runManagementStep("act", async () => {
        ran = true;
      }),
    );
    expect(ran).toBe(false);
    expect(out).toContain(`::error::act: ${message}`);
  });

  it("creates the step's deadline once, from timeout-seconds", async () => {
    withInputs({ email: "e@x.io", "api-key": "key-1", "timeout-seconds": "30" });
    const before = Date.now();
    let deadlineAt = 0;
    await stdoutOf(() =>
      runManagementStep("act", async (step) => {
        deadlineAt = step.deadline.at;
      }),
    );
    expect(deadlineAt).toBeGreaterThanOrEqual(before + 30_000);
    expect(deadlineAt).toBeLessThanOrEqual(Date.now() + 30_000);
  });

  it("registers the secret inputs it is given, and titles failures as asked", async () => {
    withInputs({ email: "e@x.io", "api-key": "key-1", "github-token": "ghs_secret" });
    const out = await stdoutOf(() =>
      runManagementStep(
        "act",
        async () => {
          throw new Error("boom");
        },
        { secretInputs: ["github-token"], title: "act (post)" },
      ),
    );
    expect(out).toContain("::add-mask::ghs_secret");
    expect(out).toContain("::error::act (post): boom");
  });
});

describe("runMessagingStep", () => {
  it("reads QSTASH_TOKEN and QSTASH_URL when the inputs are empty", async () => {
    withInputs({}, { QSTASH_TOKEN: "env-token", QSTASH_URL: "https://qstash-us-east-1.upstash.io" });
    let client: MessagingClient | undefined;
    const out = await stdoutOf(() =>
      runMessagingStep("act", async (step) => {
        client = await step.client();
      }),
    );
    expect(out).toContain("::add-mask::env-token");
    expect(client?.baseUrl).toBe("https://qstash-us-east-1.upstash.io");
  });

  it("prefers the inputs over the environment", async () => {
    withInputs(
      { token: "input", "messaging-url": "http://localhost:1" },
      { QSTASH_TOKEN: "env", QSTASH_URL: "https://x.io" },
    );
    let seen: Step<MessagingClient, "token"> | undefined;
    await stdoutOf(() =>
      runMessagingStep("act", async (step) => {
        seen = step;
      }),
    );
    expect(seen?.credentials.token).toBe("input");
    expect((await seen?.client())?.baseUrl).toBe("http://localhost:1");
  });

  it.each([
    [{ "messaging-url": "qstash.upstash.io" }, "messaging-url must be an absolute URL"],
    [
      { token: "" },
      "input token is empty and QSTASH_TOKEN is not set. Pass it as an input or set the token input (or QSTASH_TOKEN)",
    ],
  ])("refuses %j, naming the input", async (override, message) => {
    withInputs({ token: "token-1", ...override });
    const out = await stdoutOf(() =>
      runMessagingStep("act", async (step) => {
        await step.client();
      }),
    );
    expect(out).toContain(`::error::act: ${message}`);
  });
});

// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} is the declaration file's own syntax, expected as text
import { describe, expect, it } from "vitest";
import { DeclarationError, parseDeclaration, resolveEnvironment } from "../src/index.ts";
import { declarationText, SECRET } from "./qstash-helpers.ts";

/** The error a file gets, for an environment and a run; every refusal is a DeclarationError. */
function refusal(
  text: string,
  environment = "preview",
  options: { pr?: string; env?: Record<string, string> } = {},
): DeclarationError {
  try {
    resolveEnvironment(parseDeclaration(text, "stashkit.qstash.yaml"), {
      environment,
      values: { pr: options.pr ?? "42" },
      env: options.env ?? { REINDEX_SECRET: SECRET },
    });
  } catch (error) {
    expect(error).toBeInstanceOf(DeclarationError);
    return error as DeclarationError;
  }
  throw new Error("the file was accepted");
}

const base = declarationText();

describe("the declaration file: every refusal names the file, the line and the field", () => {
  it("YAML that does not parse", () => {
    const error = refusal("version: 1\nenvironments: a: b\n");
    expect(error.message).toMatch(
      /^stashkit\.qstash\.yaml:2:\d+: not valid YAML: Nested mappings are not allowed/,
    );
  });

  it("a key twice", () => {
    const error = refusal(base.replace("version: 1\n", "version: 1\nversion: 1\n"));
    expect(error.message).toMatch(/^stashkit\.qstash\.yaml:2:1: not valid YAML: Map keys must be unique/);
  });

  it("an unknown key, at the key, listing the keys there are", () => {
    const error = refusal(base.replace("    retries: 2\n", "    retries: 2\n    retires: 3\n"));
    expect(error.message).toMatch(
      /^stashkit\.qstash\.yaml:30:5: schedules\[0\]\.retires: unknown key "retires"; the keys here are id, cron, destination, method, body, headers/,
    );
    expect([error.file, error.line, error.field]).toEqual([
      "stashkit.qstash.yaml",
      30,
      "schedules[0].retires",
    ]);
  });

  it("a value of the wrong type, and a missing required key", () => {
    expect(refusal(base.replace("parallelism: 2", "parallelism: two")).message).toBe(
      "stashkit.qstash.yaml:13:18: queues[0].parallelism: must be a number",
    );
    expect(refusal(base.replace("version: 1\n", "")).message).toBe(
      "stashkit.qstash.yaml:1:1: version: is required",
    );
    expect(refusal(base.replace('    cron: "*/10 * * * *"\n', "")).message).toMatch(
      /^stashkit\.qstash\.yaml:32:5: schedules\[1\]\.cron: is required$/,
    );
  });

  it("a name with characters no name may have", () => {
    expect(refusal(base.replace("name: orders", "name: orders/eu")).message).toBe(
      "stashkit.qstash.yaml:12:11: queues[0].name: may contain only letters, digits, -, . and _ (and {placeholders})",
    );
  });

  it("an unknown placeholder, and one without a value", () => {
    expect(
      refusal(base.replace("{base_url}/api/weekly", "{base_ulr}/api/weekly"), "production").message,
    ).toBe(
      "stashkit.qstash.yaml:38:18: schedules[2].destination: {base_ulr} is neither a placeholder ({env}, {pr}, {branch}, {sha}, {run_id}, {repo}) nor a variable of environment production (environments.production.vars, or --var base_ulr=...)",
    );
    const error = refusal(base, "preview", { pr: "" });
    expect(error.message).toBe(
      "stashkit.qstash.yaml:8:13: environments.preview.prefix: uses {pr}, which has no value",
    );
  });

  it("a secret that is not set (or empty), without its value anywhere", () => {
    const unset = refusal(base, "preview", { env: {} });
    expect(unset.message).toBe(
      "stashkit.qstash.yaml:28:22: schedules[0].headers.Authorization: ${REINDEX_SECRET} names the environment variable REINDEX_SECRET, which is not set: set it (in GitHub Actions, from a secret in the step's env)",
    );
    expect(refusal(base, "preview", { env: { REINDEX_SECRET: "" } }).message).toContain("which is empty");
  });

  it("a secret outside a header value", () => {
    expect(refusal(base.replace("/api/weekly", "/api/weekly?t=${TOKEN}"), "production").message).toMatch(
      /^stashkit\.qstash\.yaml:38:18: schedules\[2\]\.destination: \$\{TOKEN\} reads a secret, and secrets go only in header values/,
    );
  });

  it("two environments of one account whose names could be the same", () => {
    const clash = base.replace('prefix: "preview-{pr}-"', 'prefix: "production-{pr}-"');
    expect(refusal(clash).message).toMatch(
      /^stashkit\.qstash\.yaml:8:13: environments\.preview\.prefix: environments production and preview share the same account, and a name can start with both prefixes \("production-" and "production-\{pr\}-"\)/,
    );
    // In different accounts, the same prefixes are fine.
    const apart = clash.replace("    protect: true\n", "    protect: true\n    account: prod\n");
    expect(() =>
      resolveEnvironment(parseDeclaration(apart, "f.yaml"), {
        environment: "preview",
        values: { pr: "1" },
        env: { REINDEX_SECRET: "x" },
      }),
    ).not.toThrow();
  });

  it("an environment without a prefix whose name another's prefix could make", () => {
    const adopted = base
      .replace("    protect: true\n", '    protect: true\n    prefix: ""\n')
      .replace("name: orders", "name: preview-1-orders");
    expect(refusal(adopted).message).toMatch(
      /^stashkit\.qstash\.yaml:\d+:11: queues\[0\]\.name: environments production and preview share the same account, and both could make the queue/,
    );
  });

  it("a name that varies with the pull request while the prefix does not", () => {
    const varying = base
      .replace('prefix: "preview-{pr}-"', 'prefix: "preview-"')
      .replace("name: orders", "name: orders-{pr}");
    expect(refusal(varying).message).toMatch(
      /^stashkit\.qstash\.yaml:12:11: queues\[0\]\.name: uses \{pr\}, which environment production's prefix "production-" does not/,
    );
  });

  it("a placeholder in a prefix that the next character does not end: one run's prefix could start another's", () => {
    expect(refusal(base.replace('prefix: "preview-{pr}-"', 'prefix: "preview-{pr}"')).message).toMatch(
      /^stashkit\.qstash\.yaml:8:13: environments\.preview\.prefix: \{pr\} in the prefix "preview-\{pr\}" must be followed by a character its value cannot hold.*e\.g\. \{pr\}-$/,
    );
    expect(
      refusal(base.replace('prefix: "preview-{pr}-"', 'prefix: "preview-{branch}-"'), "preview", { pr: "1" })
        .message,
    ).toMatch(
      /environments\.preview\.prefix: \{branch\} in the prefix "preview-\{branch\}-" must be followed by .*e\.g\. \{branch\}\.$/,
    );
  });

  it("references to what the file does not declare", () => {
    expect(refusal(base.replace("destination: events", "destination: evnets")).message).toMatch(
      /^stashkit\.qstash\.yaml:34:18: schedules\[1\]\.destination: "evnets" is not a URL \(http:\/\/ or https:\/\/\) nor the name of a URL group of this file in environment preview/,
    );
    expect(refusal(base.replace("environments: [production]", "environments: [prod]")).message).toMatch(
      /^stashkit\.qstash\.yaml:39:20: schedules\[2\]\.environments\[0\]: names the environment "prod", which environments does not declare/,
    );
    expect(refusal(base, "staging").message).toBe(
      'stashkit.qstash.yaml:3:3: environments: has no environment "staging"; it has production, preview',
    );
  });

  it("a cron expression that is not one, and a header the API keeps for itself", () => {
    expect(refusal(base.replace('"0 3 * * *"', '"0 3 * *"')).message).toMatch(
      /^stashkit\.qstash\.yaml:23:11: schedules\[0\]\.cron: "0 3 \* \*" must have 5 fields/,
    );
    expect(refusal(base.replace('"0 3 * * *"', '"0 25 * * *"')).message).toMatch(
      /schedules\[0\]\.cron: "0 25 \* \* \*" is not a valid cron expression/,
    );
    expect(
      refusal(base.replace("      Content-Type: application/json\n", '      Upstash-Retries: "5"\n')).message,
    ).toMatch(/schedules\[0\]\.headers\.Upstash-Retries: Upstash-\* headers are the API's own settings/);
  });

  it("a JSON file is read the same way, with its lines", () => {
    const json = JSON.stringify(
      { version: 1, environments: { preview: { prefix: "p-{pr}-", extra: true } } },
      null,
      2,
    );
    expect(refusal(json).message).toBe(
      'stashkit.qstash.yaml:6:7: environments.preview.extra: unknown key "extra"; the keys here are prefix, protect, account, vars',
    );
  });
});

describe("what one environment asks for", () => {
  it("fills placeholders and variables, reads secrets, and keeps only the environment's resources", () => {
    const state = resolveEnvironment(parseDeclaration(base, "f.yaml"), {
      environment: "production",
      values: {},
      env: { REINDEX_SECRET: SECRET },
      vars: { base_url: "https://override.example" },
    });
    expect(state.prefix).toBe("production-");
    expect(state.protect).toBe(true);
    expect(state.schedules.map((s) => s.scheduleId)).toEqual([
      "production-nightly-reindex",
      "production-fan-out",
      "production-prod-only",
    ]);
    expect(state.schedules[0]?.destination).toBe("https://override.example/api/reindex?full=1");
    expect(state.schedules[0]?.headers["authorization"]).toEqual({
      name: "Authorization",
      value: `Bearer ${SECRET}`,
      shown: "Bearer ${REINDEX_SECRET}",
      secret: true,
    });
    expect(state.secrets).toEqual([`Bearer ${SECRET}`]);
  });

  it("reads {{word}} and $${NAME} as the text they escape", () => {
    // A function, not a replacement string: in one, "$$" would stand for "$".
    const text = base.replace('"{base_url}/api/weekly"', () => '"{base_url}/api/weekly?a={{pr}}&b=$${X}"');
    const state = resolveEnvironment(parseDeclaration(text, "f.yaml"), {
      environment: "production",
      values: {},
      env: { REINDEX_SECRET: "x" },
    });
    expect(state.schedules[2]?.destination).toBe("https://app.example/api/weekly?a={pr}&b=${X}");
  });
});

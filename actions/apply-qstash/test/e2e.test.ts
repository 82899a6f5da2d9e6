// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} is the declaration file's own syntax, expected as text
import { findLeaks, startGitHubStandIn } from "@stashkit/testing";
import { emulator, onCleanup } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";
import { applyStep, declarationFile, FILE, pullRequest, SECRET, writes } from "./helpers.ts";

const preview = (config: string, mode: string) => ({
  config,
  environment: "preview",
  mode,
  vars: "base_url=https://pr-42.shop.example",
});

describe("apply-qstash, run as the runner runs it", () => {
  it("plan writes the plan as outputs and a job summary, changes nothing; apply makes it; a second apply only reads", async () => {
    const server = await emulator();
    const config = declarationFile();
    const planned = await applyStep(server, preview(config, "plan"), { event: pullRequest(42) });
    expect(planned.exitCode, planned.stdout).toBe(0);
    expect(planned.outputs["changed"]).toBe("true");
    const plan = JSON.parse(planned.outputs["plan"] ?? "");
    expect(plan.changes.map((c: { action: string; name: string }) => `${c.action} ${c.name}`)).toEqual([
      "create preview-42-orders",
      "create preview-42-events",
      "create preview-42-nightly",
    ]);
    expect(plan.changes[2].fields.headers).toEqual({ Authorization: "Bearer ${REINDEX_SECRET}" });
    expect(planned.summary).toContain("### QStash: Plan for environment preview");
    expect(planned.summary).toContain("| create | schedule | preview-42-nightly |");
    expect(writes(server)).toEqual([]);

    const applied = await applyStep(server, preview(config, "apply"), { event: pullRequest(42) });
    expect(applied.exitCode, applied.stdout).toBe(0);
    expect(applied.outputs["changed"]).toBe("true");
    expect(applied.stdout).toContain("Applied 3 changes.");
    expect(server.state.schedules["preview-42-nightly"]?.destination).toBe(
      "https://pr-42.shop.example/api/reindex",
    );
    expect(server.state.schedules["preview-42-nightly"]?.headers["authorization"]).toBe(`Bearer ${SECRET}`);

    server.clearRequests();
    const again = await applyStep(server, preview(config, "apply"), { event: pullRequest(42) });
    expect(again.exitCode, again.stdout).toBe(0);
    expect(again.outputs["changed"]).toBe("false");
    expect(JSON.parse(again.outputs["plan"] ?? "")).toEqual({ changes: [] });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v2/schedules",
      "GET /v2/topics",
      "GET /v2/queues",
    ]);
    for (const run of [planned, applied, again]) {
      expect(run.stdout).toContain(`::add-mask::Bearer ${SECRET}`);
      expect(findLeaks(run, [server.messagingToken, `Bearer ${SECRET}`, SECRET])).toEqual([]);
    }
  });

  it("destroy on close deletes the preview without the app's secret, and keeps a queue with waiting messages unless forced", async () => {
    const server = await emulator();
    const config = declarationFile();
    await applyStep(server, preview(config, "apply"), { event: pullRequest(42) });
    await fetch(`${server.url}/v2/enqueue/preview-42-orders/https://shop.example/work`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.messagingToken}`, "upstash-delay": "1h" },
      body: "later",
    });
    const closed = pullRequest(42, "closed");
    const destroyed = await applyStep(
      server,
      { config, environment: "preview", mode: "destroy" },
      { event: closed, env: { REINDEX_SECRET: undefined } },
    );
    expect(destroyed.exitCode, destroyed.stdout).toBe(0);
    expect(destroyed.stdout).toContain(
      "::warning::queue preview-42-orders kept: 1 message wait in it (force: true deletes it anyway)",
    );
    expect(server.state.schedules).toEqual({});
    expect(server.state.urlGroups).toEqual({});
    expect(Object.keys(server.state.queues)).toEqual(["preview-42-orders"]);
    const forced = await applyStep(
      server,
      { config, environment: "preview", mode: "destroy", force: "true" },
      { event: closed },
    );
    expect(forced.exitCode, forced.stdout).toBe(0);
    expect(server.state.queues).toEqual({});
  });

  it("a protected environment fails the step on a delete, with nothing sent, unless allow-delete", async () => {
    const server = await emulator();
    await applyStep(server, { config: declarationFile(), environment: "production", mode: "apply" });
    const smaller = declarationFile(
      FILE.replace(/url_groups:[\s\S]*?schedules:/, "schedules:").replace(
        'destination: "{base_url}/api/reindex"',
        'destination: "{base_url}/api/reindex"',
      ),
    );
    server.clearRequests();
    const refused = await applyStep(server, { config: smaller, environment: "production", mode: "apply" });
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout).toContain(
      "::error::apply-qstash: environment production is protected (protect: true) and the apply deletes url_group production-events: nothing was sent. Set allow-delete: true",
    );
    expect(writes(server)).toEqual([]);
    const allowed = await applyStep(server, {
      config: smaller,
      environment: "production",
      mode: "apply",
      "allow-delete": "true",
    });
    expect(allowed.exitCode, allowed.stdout).toBe(0);
    expect(server.state.urlGroups).toEqual({});
  });

  it("refuses a bad file before any request, naming the file, the line and the field", async () => {
    const server = await emulator();
    const config = declarationFile(FILE.replace('cron: "0 3 * * *"', 'cron: "0 3 * *"'));
    const run = await applyStep(server, preview(config, "apply"), { event: pullRequest(42) });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(
      /::error::apply-qstash: .*stashkit\.qstash\.yaml:16:11: schedules\[0\]\.cron: "0 3 \* \*" must have 5 fields/,
    );
    const unset = await applyStep(server, preview(declarationFile(), "plan"), {
      event: pullRequest(42),
      env: { REINDEX_SECRET: undefined },
    });
    expect(unset.exitCode).toBe(1);
    expect(unset.stdout).toContain(
      "schedules[0].headers.Authorization: ${REINDEX_SECRET} names the environment variable REINDEX_SECRET, which is not set",
    );
    expect(server.requests).toEqual([]);
  });

  it("keeps one pull request comment, its own: edited in place, never a second, someone else's left alone", async () => {
    const server = await emulator();
    const github = await startGitHubStandIn({ pulls: { "octo-org/octo-repo": { 42: "open" } } });
    onCleanup(() => github.stop());
    const marker = "<!-- stashkit-apply-qstash: preview";
    const config = declarationFile();
    github.comments["octo-org/octo-repo"] = {
      42: [{ id: 1, body: `${marker} pasted -->\nby a person`, user: { login: "dev", type: "User" } }],
    };
    const env = {
      GITHUB_API_URL: github.url,
      GITHUB_GRAPHQL_URL: github.graphqlUrl,
      GITHUB_REPOSITORY: "octo-org/octo-repo",
    };
    const token = "ghs_comment_token_5b1d";
    const inputs = { ...preview(config, "plan"), comment: "true" };
    const first = await applyStep(server, inputs, { event: pullRequest(42), env, githubToken: token });
    expect(first.exitCode, first.stdout).toBe(0);
    const second = await applyStep(
      server,
      { ...inputs, mode: "apply" },
      { event: pullRequest(42), env, githubToken: token },
    );
    expect(second.exitCode, second.stdout).toBe(0);
    const comments = github.comments["octo-org/octo-repo"]?.[42] ?? [];
    expect(comments.map((c) => c.user.login)).toEqual(["dev", "github-actions[bot]"]);
    expect(comments[0]?.body).toBe(`${marker} pasted -->\nby a person`);
    expect(comments[1]?.body).toContain("### QStash: Applied for environment preview");
    expect(comments[1]?.body).not.toContain(SECRET);
    for (const run of [first, second])
      expect(findLeaks(run, [token, server.messagingToken, SECRET])).toEqual([]);
  });
});

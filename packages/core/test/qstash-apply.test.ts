// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} is the declaration file's own syntax, expected as text
import { describe, expect, it } from "vitest";
import {
  applyQStash,
  destroyQStash,
  namesOf,
  planJson,
  planMarkdown,
  planQStash,
  planText,
} from "../src/index.ts";

import { emulator, messagingClient } from "./helpers.ts";
import { consoleSchedule, declarationText, desired, requestLines, SECRET, writes } from "./qstash-helpers.ts";

describe("qstash apply against the emulator", () => {
  it("creates every declared resource of the environment, with the prefix, and sends each setting", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    const result = await applyQStash(client, desired(declarationText(), "preview", { pr: "42" }));

    expect(result.outcome).toBe("applied");
    expect(Object.keys(server.state.queues)).toEqual(["preview-42-orders"]);
    expect(server.state.queues["preview-42-orders"]?.parallelism).toBe(2);
    expect(server.state.urlGroups["preview-42-events"]?.endpoints).toEqual([
      { name: "billing", url: "https://preview-42.app.example/hooks/billing" },
      { name: "audit", url: "https://preview-42.app.example/hooks/audit" },
    ]);
    expect(Object.keys(server.state.schedules).sort()).toEqual([
      "preview-42-fan-out",
      "preview-42-nightly-reindex",
    ]);
    const reindex = server.state.schedules["preview-42-nightly-reindex"];
    expect(reindex?.destination).toBe("https://preview-42.app.example/api/reindex?full=1");
    expect(Buffer.from(reindex?.body ?? "", "base64").toString()).toBe('{"full":true,"env":"preview"}');
    expect(reindex?.headers).toEqual({
      "content-type": "application/json",
      authorization: `Bearer ${SECRET}`,
    });
    expect(reindex?.retries).toBe(2);
    expect(reindex?.timeoutMs).toBe(30_000);
    expect(reindex?.labels).toEqual(["reindex", "deploy-window", "stashkit-timeout-30s"]);
    const fanOut = server.state.schedules["preview-42-fan-out"];
    expect(fanOut?.destination).toBe("preview-42-events");
    expect(fanOut?.queueName).toBe("preview-42-orders");
    // Three reads, then one write per resource: queues, URL groups, schedules, in that order.
    expect(requestLines(server)).toEqual([
      "GET /v2/schedules",
      "GET /v2/topics",
      "GET /v2/queues",
      "POST /v2/queues",
      "POST /v2/topics/preview-42-events/endpoints",
      "POST /v2/schedules/https://preview-42.app.example/api/reindex",
      "POST /v2/schedules/preview-42-events",
    ]);
  });

  it("a second apply with nothing changed sends the three reads and no write", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    const state = desired(declarationText(), "preview", { pr: "42" });
    await applyQStash(client, state);
    server.clearRequests();

    const again = await applyQStash(client, state);
    expect(again.outcome === "applied" && again.applied).toEqual([]);
    expect(again.plan.unchanged).toBe(4);
    expect(requestLines(server)).toEqual(["GET /v2/schedules", "GET /v2/topics", "GET /v2/queues"]);
  });

  it("updates a schedule in place: same id, same creation time, only what changed", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    await applyQStash(client, desired(declarationText(), "preview", { pr: "7" }));
    const before = server.state.schedules["preview-7-nightly-reindex"];
    server.clearRequests();

    const changed = declarationText().replace('cron: "0 3 * * *"', 'cron: "0 4 * * *"');
    const plan = await planQStash(
      client,
      desired(changed, "preview", { pr: "7", env: { REINDEX_SECRET: "rotated" } }),
    );
    expect(planJson(plan)).toEqual({
      changes: [
        {
          action: "update",
          kind: "schedule",
          name: "preview-7-nightly-reindex",
          fields: {
            cron: { from: "0 3 * * *", to: "0 4 * * *" },
            "headers.Authorization": { from: "(set)", to: "Bearer ${REINDEX_SECRET}" },
          },
        },
      ],
    });
    server.clearRequests();
    await applyQStash(client, desired(changed, "preview", { pr: "7", env: { REINDEX_SECRET: "rotated" } }));
    const after = server.state.schedules["preview-7-nightly-reindex"];
    expect(after?.cron).toBe("0 4 * * *");
    expect(after?.headers["authorization"]).toBe("Bearer rotated");
    expect(after?.createdAt).toBe(before?.createdAt);
    expect(Object.keys(server.state.schedules)).toHaveLength(2);
    expect(writes(server).map((r) => r.path)).toEqual([
      "/v2/schedules/https://preview-42.app.example/api/reindex".replace("42", "7"),
    ]);
  });

  it("deletes what the environment owns and no longer declares, never what the console made", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    await applyQStash(client, desired(declarationText(), "preview", { pr: "8" }));
    const consoleMade = await consoleSchedule(server, "https://app.example/console");
    await fetch(`${server.url}/v2/queues`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.messagingToken}` },
      body: JSON.stringify({ queueName: "hand-made", parallelism: 1 }),
    });
    const smaller = declarationText()
      .replace(/ {2}- id: fan-out[\s\S]*?queue: orders\n/, "")
      .replace('      - name: audit\n        url: "{base_url}/hooks/audit"\n', "");

    const result = await applyQStash(client, desired(smaller, "preview", { pr: "8" }));
    expect(result.plan.changes.map((c) => `${c.action} ${c.kind} ${c.name}`)).toEqual([
      "delete schedule preview-8-fan-out",
      "delete endpoint preview-8-events/audit",
    ]);
    expect(Object.keys(server.state.schedules).sort()).toEqual(
      [consoleMade, "preview-8-nightly-reindex"].sort(),
    );
    expect(server.state.urlGroups["preview-8-events"]?.endpoints.map((e) => e.name)).toEqual(["billing"]);
    expect(Object.keys(server.state.queues).sort()).toEqual(["hand-made", "preview-8-orders"]);
  });

  it("two applies at once make nothing twice", async () => {
    const server = await emulator({ latency: { fixedMs: 20 } });
    const state = desired(declarationText(), "preview", { pr: "9" });
    const [a, b] = await Promise.all([
      applyQStash(messagingClient(server), state),
      applyQStash(messagingClient(server), state),
    ]);
    expect([a.outcome, b.outcome]).toEqual(["applied", "applied"]);
    expect(Object.keys(server.state.schedules).sort()).toEqual([
      "preview-9-fan-out",
      "preview-9-nightly-reindex",
    ]);
    expect(Object.keys(server.state.queues)).toEqual(["preview-9-orders"]);
    expect(server.state.urlGroups["preview-9-events"]?.endpoints).toHaveLength(2);
    server.clearRequests();
    const third = await applyQStash(messagingClient(server), state);
    expect(third.plan.changes).toEqual([]);
  });

  it("a protected environment refuses every delete unless allowed, and sends no write at all", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    await applyQStash(client, desired(declarationText(), "production"));
    const withoutWeekly = declarationText().replace(/ {2}- id: prod-only[\s\S]*$/, "");
    server.clearRequests();

    const refused = await applyQStash(
      client,
      desired(withoutWeekly.replace("parallelism: 2", "parallelism: 3"), "production"),
    );
    expect(refused.outcome).toBe("refused");
    expect(refused.outcome === "refused" && refused.refused.map((c) => c.name)).toEqual([
      "production-prod-only",
    ]);
    expect(writes(server)).toEqual([]);
    expect(server.state.queues["production-orders"]?.parallelism).toBe(2);
    expect(planText(refused.plan).at(-1)).toBe(
      "environment is protected (protect: true): an apply refuses these deletes, and sends nothing, unless deletes are allowed (--allow-delete, allow-delete: true)",
    );

    const allowed = await applyQStash(client, desired(withoutWeekly, "production"), { allowDelete: true });
    expect(allowed.outcome).toBe("applied");
    expect(server.state.schedules["production-prod-only"]).toBeUndefined();
  });

  it("a dry run plans and sends no write", async () => {
    const server = await emulator();
    const result = await applyQStash(
      messagingClient(server),
      desired(declarationText(), "preview", { pr: "3" }),
      { dryRun: true },
    );
    expect(result.outcome).toBe("dry-run");
    expect(result.plan.changes).toHaveLength(4);
    expect(writes(server)).toEqual([]);
  });

  it("destroy deletes what the environment owns, keeps a queue with waiting messages unless forced, and the console's", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    const state = desired(declarationText(), "preview", { pr: "11" });
    await applyQStash(client, state);
    const consoleMade = await consoleSchedule(server, "https://app.example/console");
    await client.queues.pause("preview-11-orders");
    await fetch(`${server.url}/v2/enqueue/preview-11-orders/https://app.example/work`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.messagingToken}` },
      body: "waiting",
    });

    const first = await destroyQStash(client, namesOf(state));
    expect(first.outcome === "applied" && first.kept).toEqual([{ name: "preview-11-orders", lag: 1 }]);
    expect(Object.keys(server.state.schedules)).toEqual([consoleMade]);
    expect(server.state.urlGroups).toEqual({});
    expect(Object.keys(server.state.queues)).toEqual(["preview-11-orders"]);
    expect(planText(first.plan).at(-1)).toBe("  - delete queue preview-11-orders (1 message waiting)");

    const forced = await destroyQStash(client, namesOf(state), { force: true });
    expect(forced.outcome === "applied" && forced.applied.map((c) => c.name)).toEqual(["preview-11-orders"]);
    expect(server.state.queues).toEqual({});
    expect(Object.keys(server.state.schedules)).toEqual([consoleMade]);
  });

  it("never shows a secret: not in the text, the JSON or the Markdown of a plan", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    const state = desired(declarationText(), "preview", { pr: "12" });
    const plan = await planQStash(client, state);
    await applyQStash(client, state);
    const rotated = await planQStash(
      client,
      desired(declarationText(), "preview", { pr: "12", env: { REINDEX_SECRET: "another-secret-value" } }),
    );
    for (const shown of [plan, rotated]) {
      const all = [
        planText(shown).join("\n"),
        JSON.stringify(planJson(shown)),
        planMarkdown(shown, { title: "t" }),
      ].join("\n");
      expect(all).not.toContain(SECRET);
      expect(all).not.toContain("another-secret-value");
    }
    expect(JSON.stringify(planJson(plan))).toContain("Bearer ${REINDEX_SECRET}");
  });
});

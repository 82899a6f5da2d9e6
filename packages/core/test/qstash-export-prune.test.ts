import { describe, expect, it } from "vitest";
import {
  applyQStash,
  exportQStash,
  parseDeclaration,
  planQStash,
  prefixPattern,
  pruneQStash,
  resolveEnvironment,
} from "../src/index.ts";

import { emulator, messagingClient } from "./helpers.ts";
import { consoleSchedule, declarationText, desired, writes } from "./qstash-helpers.ts";

describe("qstash export", () => {
  it("writes a file that adopts the account as it is: a plan against it shows no change, and no secret is in it", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    await applyQStash(client, desired(declarationText(), "production"));
    await consoleSchedule(server, "https://app.example/console?x={y}");

    const exported = await exportQStash(client, { environment: "live" });
    expect(exported.text).not.toContain("s3cr3t");
    expect(exported.text.split("\n")[0]).toBe(
      "# yaml-language-server: $schema=https://raw.githubusercontent.com/stashkit/stashkit/main/packages/core/qstash.schema.json",
    );
    expect(exported.variables).toEqual([
      {
        name: "QSTASH_PRODUCTION_NIGHTLY_REINDEX_AUTHORIZATION",
        schedule: "production-nightly-reindex",
        header: "authorization",
      },
    ]);
    const env = { QSTASH_PRODUCTION_NIGHTLY_REINDEX_AUTHORIZATION: "Bearer s3cr3t-reindex-value-0123456789" };
    const state = resolveEnvironment(parseDeclaration(exported.text, "exported.yaml"), {
      environment: "live",
      values: {},
      env,
    });
    expect(state.prefix).toBe("");
    expect(state.schedules).toHaveLength(4);
    const plan = await planQStash(client, state);
    expect(plan.changes).toEqual([]);
    expect(plan.unchanged).toBe(6);
  });

  it("writes JSON when asked, read back the same way", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    await applyQStash(client, desired(declarationText(), "preview", { pr: "5" }));
    const exported = await exportQStash(client, { environment: "live", format: "json" });
    const state = resolveEnvironment(parseDeclaration(exported.text, "exported.json"), {
      environment: "live",
      values: {},
      env: { QSTASH_PREVIEW_5_NIGHTLY_REINDEX_AUTHORIZATION: "Bearer s3cr3t-reindex-value-0123456789" },
    });
    expect((await planQStash(client, state)).changes).toEqual([]);
  });
});

describe("qstash prune", () => {
  it("deletes the resources of closed pull requests' previews, keeps open ones and the console's", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    for (const pr of ["1", "2", "3"])
      await applyQStash(client, desired(declarationText(), "preview", { pr }));
    const consoleMade = await consoleSchedule(server, "https://app.example/console");
    const loaded = parseDeclaration(declarationText(), "stashkit.qstash.yaml");
    const asked: string[][] = [];

    const pruned = await pruneQStash(client, {
      pattern: prefixPattern(loaded, { environment: "preview" }),
      staleOf: (previews) => {
        asked.push(previews.map((p) => p.pr));
        return previews.map((p) => p.pr !== "2");
      },
    });
    expect(asked).toEqual([["1", "2", "3"]]);
    expect(pruned.stale.map((p) => [p.name, p.reason.kind])).toEqual([
      ["preview-1-", "closed"],
      ["preview-3-", "closed"],
    ]);
    expect(pruned.kept.map((p) => p.name)).toEqual(["preview-2-"]);
    expect(Object.keys(server.state.schedules).sort()).toEqual(
      [consoleMade, "preview-2-fan-out", "preview-2-nightly-reindex"].sort(),
    );
    expect(Object.keys(server.state.queues)).toEqual(["preview-2-orders"]);
    expect(Object.keys(server.state.urlGroups)).toEqual(["preview-2-events"]);
  });

  it("by age alone, and as a dry run that writes nothing", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    await applyQStash(client, desired(declarationText(), "preview", { pr: "4" }));
    server.clearRequests();
    const loaded = parseDeclaration(declarationText(), "stashkit.qstash.yaml");
    const pruned = await pruneQStash(client, {
      pattern: prefixPattern(loaded, { environment: "preview" }),
      maxAge: { text: "1d", ms: 86_400_000 },
      now: Date.now() + 2 * 86_400_000,
      dryRun: true,
    });
    expect(pruned.stale.map((p) => p.reason.kind)).toEqual(["older"]);
    expect(pruned.result.outcome).toBe("dry-run");
    expect(pruned.result.plan.changes).toHaveLength(4);
    expect(writes(server)).toEqual([]);
  });

  it("needs {pr} in the environment's prefix", () => {
    const loaded = parseDeclaration(declarationText(), "stashkit.qstash.yaml");
    expect(() => prefixPattern(loaded, { environment: "production" })).toThrow(
      /^stashkit\.qstash\.yaml:4:5: environments\.production: environment production's prefix "production-" has no \{pr\}/,
    );
  });
});

import { credentialSecrets, indexSecrets, runBundle, withEmulator } from "./environment.ts";
import { check, expectNoLeaks, type Scenario } from "./suite.ts";

/** N processes ensure one name at once through a widened race window: one index, one id. */
function race(processes: number, duplicates: "allow" | "reject"): Scenario {
  return {
    section: "race",
    name: `${processes} processes, duplicates ${duplicates === "allow" ? "allowed" : "rejected"}`,
    run: () =>
      withEmulator({ duplicateNames: duplicates, createDelayMs: 250 }, async (server) => {
        const runs = await Promise.all(
          Array.from({ length: processes }, () =>
            runBundle(
              "ensure",
              server.url,
              { name: "preview-race", region: "eu-west-1" },
              { timeoutMs: 90_000 },
            ),
          ),
        );
        const failed = runs.filter((r) => r.exitCode !== 0);
        check(
          failed.length === 0,
          `${failed.length} processes failed: ${failed[0]?.stdout.split("\n").find((l) => l.startsWith("::error::"))}`,
        );
        check(server.state.indexes.length === 1, `${server.state.indexes.length} indexes remain`);
        const id = server.state.indexes[0]?.index.id;
        const ids = new Set(runs.map((r) => r.outputs["id"]));
        check(ids.size === 1 && ids.has(id), `processes output ${ids.size} different ids`);
        const creators = runs.filter((r) => r.outputs["created"] === "true").length;
        check(creators === 1, `${creators} processes say they created the index`);
        for (const run of runs) expectNoLeaks(run, [...credentialSecrets(), ...indexSecrets(server)]);
      }),
  };
}

export function raceScenarios(): Scenario[] {
  return [race(10, "allow"), race(10, "reject"), race(25, "allow"), race(25, "reject")];
}

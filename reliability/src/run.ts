// The reliability suite: `pnpm test:reliability`. Prints a table per section and one closing
// line "N passed, M failed"; writes test-results/reliability.json for the overall summary.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders } from "@stashkit/testing";
import { BAD_INPUT_COUNT, badInputScenarios } from "./bad-inputs.ts";
import { durabilityScenarios } from "./durability.ts";
import { faultMatrix } from "./fault-matrix.ts";
import { hostileScenarios } from "./hostile.ts";
import { lostAnswerScenarios } from "./lost-answers.ts";
import { raceScenarios } from "./race.ts";
import { leakLedger, type Outcome, runScenarios, type Scenario } from "./suite.ts";

const quick = process.env["RELIABILITY_QUICK"] === "1";
// RELIABILITY_ONLY=hostile,bad (a comma-separated list) runs only the sections whose names start so.
const only = (process.env["RELIABILITY_ONLY"] ?? "").split(",").filter((s) => s !== "");
const wanted = (section: string) => only.length === 0 || only.some((prefix) => section.startsWith(prefix));
const run = (section: string, scenarios: () => Scenario[], limit: number) =>
  wanted(section) ? runScenarios(scenarios(), limit) : Promise.resolve([]);
const started = Date.now();
const outcomes: Outcome[] = [
  ...(await run("fault matrix", () => faultMatrix(false), 4)),
  ...(quick ? [] : await run("fault matrix, debug logging", () => faultMatrix(true), 4)),
  ...(await run("bad inputs", badInputScenarios, 4)),
  // One at a time: some cases hold the step to a few seconds, which a loaded machine can eat up.
  ...(await run("hostile answers", hostileScenarios, 1)),
  ...(await run("lost answers", lostAnswerScenarios, 2)),
  // Races and the kill run alone: they are about timing between processes.
  ...(await run("race", raceScenarios, 1)),
  ...(await run("emulator durability", durabilityScenarios, 1)),
];

// Every run's folder (RUNNER_TEMP, the runner files) and every data file: nothing stays in the temp folder.
removeTemporaryFolders();

const sections = [...new Set(outcomes.map((o) => o.section))];
const width = Math.max(...sections.map((s) => s.length), 7);
console.log(`\n${"section".padEnd(width)}  scenarios  passed  failed`);
for (const section of sections) {
  const rows = outcomes.filter((o) => o.section === section);
  const passed = rows.filter((o) => o.passed).length;
  console.log(
    `${section.padEnd(width)}  ${String(rows.length).padStart(9)}  ${String(passed).padStart(6)}  ${String(rows.length - passed).padStart(6)}`,
  );
}

const failures = outcomes.filter((o) => !o.passed);
for (const failure of failures)
  console.log(`\nFAILED ${failure.section}: ${failure.name}\n  ${failure.reason}`);

const matrix = outcomes.filter((o) => o.section.startsWith("fault matrix"));
const survived = matrix.filter((o) => o.passed && o.name.endsWith("(transient)")).length;
const refused = outcomes.filter((o) => o.section === "bad inputs" && o.passed).length;
console.log(`
figures
  scenarios run:         ${outcomes.length} (${Math.round((Date.now() - started) / 1000)} s)
  transient faults survived: ${survived} of ${matrix.filter((o) => o.name.endsWith("(transient)")).length}
  bad inputs refused before any request: ${refused} of ${BAD_INPUT_COUNT}
  action runs searched for leaks: ${leakLedger.runs}
  secret values checked: ${leakLedger.secretsChecked}
  leaks found: ${leakLedger.leaks.length}`);

const passed = outcomes.length - failures.length;
const resultsDir = join(import.meta.dirname, "../test-results");
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, "reliability.json"),
  JSON.stringify({
    passed,
    failed: failures.length,
    leaks: leakLedger.leaks.length,
    secretsChecked: leakLedger.secretsChecked,
  }),
);
console.log(`\n${passed} passed, ${failures.length} failed`);
process.exit(failures.length > 0 || leakLedger.leaks.length > 0 ? 1 : 0);

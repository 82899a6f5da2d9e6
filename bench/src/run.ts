// `pnpm bench`: our committed bundles against the alternatives users have, side by side in one
// run, alternating A B A B …, reported as medians and the median of the pairwise ratios, with the
// requests each side sent. `--quick` (CI) runs two pairs per comparison (and the large scenarios
// at a tenth or a fifth of their size) only to prove everything works; nothing here asserts
// anything about time. To add a row, add a scenario (or a side of one) to a group's file and the
// group to SCENARIOS below.
import { loadavg } from "node:os";
import { actionScenarios, coldStartScenario, type ScenarioContext } from "./action-scenarios.ts";
import { alternatives, benchOptions, ENSURE, root } from "./bench-options.ts";
import { startBenchServers } from "./bench-servers.ts";
import { emulatorScenario } from "./emulator-scenario.ts";
import { QSTASH_SCENARIOS, qstashRows } from "./qstash-scenarios.ts";
import { report } from "./report.ts";
import { runScenarios } from "./run-scenarios.ts";
import { scaleScenarios } from "./scale-scenarios.ts";
import { seedScenarios } from "./seed-scenarios.ts";
import { command, ours, type Scenario } from "./sides.ts";
import { STORAGE_SCENARIOS, storageRows } from "./storage-scenarios.ts";

const options = benchOptions(process.argv);
// How busy the machine was (1, 5 and 15 minute load averages): ratios shrink toward 1 under load.
const loadAtStart = loadavg();
const servers = await startBenchServers(options.quick);
// S9–S11 (src/seed-scenarios.ts): emulators of their own, with the seed files written once.
const seeding = await seedScenarios({ quick: options.quick, ensureDir: ENSURE, alternatives, ours, command });
const context: ScenarioContext = { options, servers };

/** Every scenario, in the order they run: one group a line. */
const SCENARIOS: Scenario[] = [
  ...actionScenarios(context), // S1, S2, S3a, S3b, C1, C2
  ...scaleScenarios(context), // S5–S8
  ...seeding.scenarios, // S9–S11
  emulatorScenario(context), // E1
  coldStartScenario(context), // S4, last
];

const rows = await runScenarios(SCENARIOS, options, servers.emulator);
// E2–E5 (src/storage-scenarios.ts): the emulator's storage at scale, each store in a process of its own.
const { only } = options;
if (!only || only.some((id) => STORAGE_SCENARIOS.includes(id)))
  rows.push(...(await storageRows(options.quick)));
// Q1–Q2 (src/qstash-scenarios.ts): QStash resources as code beside the official SDK in a loop.
if (!only || only.some((id) => QSTASH_SCENARIOS.includes(id)))
  rows.push(...(await qstashRows(options.quick, root)));
await servers.stop();
await seeding.stop();
report(rows, options, loadAtStart);

// E1: the emulator itself, as a separate process (src/emulator-run.ts): a start, then publishes,
// in memory against the same with --data-file.
import { join } from "node:path";
import type { ScenarioContext } from "./action-scenarios.ts";
import type { Sample } from "./measure.ts";
import { median } from "./median.ts";
import { command, type Scenario } from "./sides.ts";

/** Median start time and publish rate of the runs, from what each wrote to its output. */
function emulatorFigures(samples: Sample[]): string {
  const figure = (name: string) =>
    median(samples.map((sample) => Number(new RegExp(`^${name}=(\\d+)$`, "m").exec(sample.output)?.[1])));
  return `start ${figure("start-ms")} ms, ${figure("publishes-per-second")} publishes/s`;
}

export function emulatorScenario({ options }: ScenarioContext): Scenario {
  const { quick } = options;
  const publishes = quick ? 200 : 1000;
  const emulatorRun = (persisted: boolean) =>
    command("emulator run", process.execPath, [join(import.meta.dirname, "emulator-run.ts")], {
      BENCH_PUBLISHES: String(publishes),
      BENCH_DATA_FILE: persisted ? "1" : "0",
      ...(process.env["BENCH_EMULATOR_BIN"] ? { BENCH_EMULATOR_BIN: process.env["BENCH_EMULATOR_BIN"] } : {}),
    });
  return {
    id: "E1",
    title: `the emulator: start, then ${publishes} publishes (10 at a time), in memory`,
    ours: emulatorRun(false),
    others: [
      {
        label: "the same with --data-file",
        against: "--data-file",
        pairs: quick ? 1 : 5,
        run: emulatorRun(true),
      },
    ],
    describe: (inMemory, persisted) =>
      `in memory ${emulatorFigures(inMemory)}; with --data-file ${emulatorFigures(persisted)}`,
  };
}

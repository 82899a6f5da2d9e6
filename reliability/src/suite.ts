import { type ActionRun, findLeaks } from "@stashkit/testing";

export interface Scenario {
  section: string;
  name: string;
  /** Throws (with a reason) when the scenario fails. */
  run(): Promise<void>;
}

export interface Outcome {
  section: string;
  name: string;
  passed: boolean;
  reason?: string;
}

/** Leak accounting across every run of the suite. */
export const leakLedger = { runs: 0, secretsChecked: 0, leaks: [] as string[] };

/** Checks one run for leaks, counts it, and throws if anything leaked. */
export function expectNoLeaks(run: ActionRun, secrets: string[], allowedEnv: string[] = []): void {
  const distinct = [...new Set(secrets.filter((s) => s !== ""))];
  const leaks = findLeaks(run, distinct, { allowedEnv });
  leakLedger.runs++;
  leakLedger.secretsChecked += distinct.length;
  leakLedger.leaks.push(...leaks);
  if (leaks.length > 0) throw new Error(`leaked: ${leaks.join("; ")}`);
}

export function check(condition: boolean, reason: string): asserts condition {
  if (!condition) throw new Error(reason);
}

export { errorLines } from "@stashkit/testing";

/** Runs scenarios with at most `limit` at once, in order of the list, collecting outcomes. */
export async function runScenarios(scenarios: Scenario[], limit: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(scenarios.length);
  let next = 0;
  const worker = async () => {
    while (next < scenarios.length) {
      const index = next++;
      const scenario = scenarios[index] as Scenario;
      try {
        await scenario.run();
        outcomes[index] = { section: scenario.section, name: scenario.name, passed: true };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        outcomes[index] = { section: scenario.section, name: scenario.name, passed: false, reason };
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return outcomes;
}

// S1–S4, C1, C2: our actions and the CLI against the floor (Node + fetch), curl, the official CLI
// and SDK, on the shared emulator of the run.
import { join, relative } from "node:path";
import { alternatives, type BenchOptions, CLI, ENSURE, RESUME, root, STASHKIT } from "./bench-options.ts";
import { type BenchServers, QUEUES_20, repause } from "./bench-servers.ts";
import type { Sample } from "./measure.ts";
import { againstBaseline, command, ours, type Scenario } from "./sides.ts";

export interface ScenarioContext {
  options: BenchOptions;
  servers: BenchServers;
}

const floorScript = join(alternatives, "floor-ensure.mjs");
const redirect = ["--import", join(alternatives, "redirect-fetch.mjs")];
// size: table
export function actionScenarios({ options, servers }: ScenarioContext): Scenario[] {
  const { emulator, credentials, messaging } = servers;
  const { baseline } = options;
  const ensureInputs = (name: string) => ({ name, region: "eu-west-1", "base-url": emulator.url });
  const floorEnv = (name: string) => ({ ...credentials, FLOOR_BASE_URL: emulator.url, FLOOR_NAME: name });
  const cliEnv = { ...credentials, BENCH_MANAGEMENT_URL: emulator.url };
  const floor = command("floor", process.execPath, [floorScript], floorEnv("bench-existing"));
  // Names for S2 are made fresh for every run, so the index is always missing.
  let counter = 0;
  let s2Name = "";
  const s2 = (side: () => Promise<Sample>) => async () => {
    s2Name = `bench-new-${process.pid}-${counter++}`;
    return side();
  };
  const S1_OURS = ours(ENSURE, ensureInputs("bench-existing"), credentials);
  const S3A_OURS = ours(RESUME, { "queue-name": "q-0", "messaging-url": emulator.url }, messaging);
  const S3B_OURS = ours(
    RESUME,
    { "queue-name": QUEUES_20.join(","), "messaging-url": emulator.url },
    messaging,
  );
  const search = ["search", "ensure", "--name", "bench-existing", "--region", "eu-west-1"];
  const C1_OURS = (bin: string) =>
    command("stashkit", process.execPath, [bin, ...search, "--base-url", emulator.url], credentials);
  const C2_OURS = (bin: string) => command("stashkit", process.execPath, [bin, "--version"], {});
  const cliBaseline = (run: (bin: string) => Scenario["ours"]) =>
    baseline === undefined
      ? []
      : [
          {
            label: "ours before (--baseline)",
            against: "baseline",
            target: 1.05,
            run: run(join(baseline, relative(root, STASHKIT))),
          },
        ];
  const resumeSides = (queues: string) => ({ ...messaging, BENCH_QUEUES: queues });
  return [
    {
      id: "S1",
      title: "ensure, index exists (one list)",
      ours: S1_OURS,
      others: [
        ...againstBaseline(baseline, S1_OURS),
        { label: "floor: Node + fetch", against: "floor", target: 1.1, phases: true, run: floor },
        {
          label: "curl + jq",
          against: "curl",
          run: command("curl", "bash", [join(alternatives, "curl-ensure.sh")], floorEnv("bench-existing")),
        },
        {
          label: "official CLI: search list",
          against: "cli",
          target: 1,
          run: command("cli", process.execPath, [...redirect, CLI, "search", "list"], cliEnv),
        },
      ],
    },
    {
      id: "S2",
      title: "ensure, index missing (list, create, confirm)",
      ours: s2(() => ours(ENSURE, ensureInputs(s2Name), credentials)()),
      others: [
        {
          label: "floor: Node + fetch",
          against: "floor",
          note: "ours also waits out the creation second (race safety)",
          run: s2(() => command("floor", process.execPath, [floorScript], floorEnv(s2Name))()),
        },
        {
          label: "curl + jq",
          against: "curl",
          run: s2(() => command("curl", "bash", [join(alternatives, "curl-ensure.sh")], floorEnv(s2Name))()),
        },
        {
          label: "official CLI: search create",
          against: "cli",
          note: "the CLI only creates: no existence check, no confirm",
          run: s2(() =>
            command(
              "cli",
              process.execPath,
              [
                ...redirect,
                CLI,
                "search",
                "create",
                "--name",
                s2Name,
                "--region",
                "eu-west-1",
                "--type",
                "free",
              ],
              cliEnv,
            )(),
          ),
        },
      ],
    },
    {
      id: "S3a",
      title: "resume 1 queue (resume + read back)",
      prepare: repause,
      ours: S3A_OURS,
      others: [
        ...againstBaseline(baseline, S3A_OURS),
        {
          label: "curl loop",
          against: "curl",
          run: command("curl", "bash", [join(alternatives, "curl-resume.sh")], resumeSides("q-0")),
        },
        {
          label: "official SDK script",
          against: "sdk",
          target: 1,
          run: command("sdk", process.execPath, [join(alternatives, "sdk-resume.mjs")], resumeSides("q-0")),
        },
      ],
    },
    {
      id: "S3b",
      title: "resume 20 queues (resume + read back each)",
      prepare: repause,
      ours: S3B_OURS,
      others: [
        ...againstBaseline(baseline, S3B_OURS),
        {
          label: "sequential curl loop",
          against: "curl",
          target: 0.25,
          run: command(
            "curl",
            "bash",
            [join(alternatives, "curl-resume.sh")],
            resumeSides(QUEUES_20.join(",")),
          ),
        },
        {
          label: "official SDK script, sequential",
          against: "sdk",
          target: 1,
          run: command(
            "sdk",
            process.execPath,
            [join(alternatives, "sdk-resume.mjs")],
            resumeSides(QUEUES_20.join(",")),
          ),
        },
      ],
    },
    // The stashkit CLI against the same floor as the action: a new Node process, one list.
    {
      id: "C1",
      title: "stashkit CLI: ensure, index exists (cold)",
      ours: C1_OURS(STASHKIT),
      others: [
        ...cliBaseline(C1_OURS),
        { label: "floor: Node + fetch", against: "floor", target: 1.1, phases: true, run: floor },
      ],
    },
    {
      id: "C2",
      title: "stashkit --version start-up",
      ours: C2_OURS(STASHKIT),
      others: [
        ...cliBaseline(C2_OURS),
        {
          label: "node -e 0",
          against: "node",
          target: 1.5,
          run: command("node", process.execPath, ["-e", "0"], {}),
        },
      ],
    },
  ];
}

/** S4, run last: a cold start that refuses its input before any request. */
export function coldStartScenario({ options, servers }: ScenarioContext): Scenario {
  const S4_OURS = ours(ENSURE, { name: "x", region: "mars" }, servers.credentials, 1);
  return {
    id: "S4",
    title: "cold start: invalid input, no request",
    ours: S4_OURS,
    others: [
      ...againstBaseline(options.baseline, S4_OURS),
      {
        label: "node -e 0",
        against: "node",
        target: 1.5,
        run: command("node", process.execPath, ["-e", "0"], {}),
      },
    ],
  };
}

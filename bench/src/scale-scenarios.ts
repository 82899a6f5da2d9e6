// S5–S8: our actions at scale, each on an emulator of its own: an account of 20,000 indexes, a
// prune against the GitHub stand-in, 200 queues, and 200 queues behind a rate limit.
import { join } from "node:path";
import type { ScenarioContext } from "./action-scenarios.ts";
import { alternatives, DELETE, ENSURE, RESUME } from "./bench-options.ts";
import { LARGE_ACCOUNT, RATE_LIMIT, repause } from "./bench-servers.ts";
import { againstBaseline, command, ours, type Scenario } from "./sides.ts";

// size: table
export function scaleScenarios({ options, servers }: ScenarioContext): Scenario[] {
  const { quick } = options;
  const { credentials, large, pruning, github, fleet, limited, prune, manyQueues, limitedQueues } = servers;
  const S5_OURS = ours(
    ENSURE,
    { name: "load-19999", region: "us-central1", "base-url": large.url },
    credentials,
  );
  const queuesOf = (server: typeof fleet) => ({
    QSTASH_TOKEN: server.messagingToken,
    QSTASH_URL: server.url,
  });
  return [
    {
      id: "S5",
      title: `ensure, index exists among ${LARGE_ACCOUNT.toLocaleString("en")} (one list)`,
      server: large,
      ours: S5_OURS,
      others: [
        ...againstBaseline(options.baseline, S5_OURS),
        {
          label: "floor: Node + fetch",
          against: "floor",
          target: 1.15,
          // Each run moves 15 MB; 9 pairs keep the full run within a few minutes.
          pairs: 9,
          phases: true,
          run: command("floor", process.execPath, [join(alternatives, "floor-ensure.mjs")], {
            ...credentials,
            FLOOR_BASE_URL: large.url,
            FLOOR_NAME: "load-19999",
          }),
        },
      ],
    },
    {
      id: "S6",
      title: `prune ${prune.stale} stale of ${prune.candidates} candidates among ${prune.indexes} (GitHub 50 ms)`,
      server: pruning,
      github,
      prepare: servers.resetPruning,
      ours: ours(
        DELETE,
        { "prune-pattern": "shop-pr-{pr}", "base-url": pruning.url, "github-token": "bench-token" },
        { ...credentials, GITHUB_API_URL: github.url, GITHUB_GRAPHQL_URL: github.graphqlUrl },
      ),
      others: [
        {
          label: "sequential gh-style loop",
          against: "gh loop",
          pairs: quick ? 1 : 2,
          run: command("gh loop", "bash", [join(alternatives, "gh-prune.sh")], {
            ...credentials,
            FLOOR_BASE_URL: pruning.url,
            BENCH_PREFIX: "shop-pr-",
            GITHUB_API_URL: github.url,
            GITHUB_TOKEN: "bench-token",
            GITHUB_REPOSITORY: "acme/shop",
          }),
        },
      ],
      own: {
        text: "≤ 6 GitHub req, ≤ 3 s",
        checks: [
          { judges: "requests", met: ({ requests }) => requests.github <= 6 },
          { judges: "time", met: ({ ms }) => ms <= 3000 },
        ],
      },
    },
    {
      id: "S7",
      title: `resume ${manyQueues.length} queues (resume + read back each)`,
      server: fleet,
      prepare: repause,
      ours: ours(RESUME, { "queue-name": manyQueues.join(","), "messaging-url": fleet.url }, queuesOf(fleet)),
      others: [
        {
          label: "sequential curl loop",
          against: "curl",
          target: 0.1,
          pairs: quick ? 1 : 3,
          run: command("curl", "bash", [join(alternatives, "curl-resume.sh")], {
            ...queuesOf(fleet),
            BENCH_QUEUES: manyQueues.join(","),
          }),
        },
      ],
    },
    {
      id: "S8",
      title: `resume ${limitedQueues.length} queues, API limited to ${RATE_LIMIT} req/s`,
      server: limited,
      prepare: repause,
      ours: ours(
        RESUME,
        { "queue-name": manyQueues.join(","), "messaging-url": limited.url },
        queuesOf(limited),
      ),
      others: [],
      pairs: 5,
      own: {
        text: `completes, ≤ ${Math.floor(limitedQueues.length * 2 * 1.1)} req`,
        checks: [
          {
            judges: "requests",
            met: ({ requests }) => requests.api + requests.rateLimited <= limitedQueues.length * 2 * 1.1,
          },
        ],
      },
    },
  ];
}

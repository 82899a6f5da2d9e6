import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { actionBundleBytes } from "@stashkit/testing";

/** The packages the release workflow publishes: the `--filter` names of its `pnpm … publish` line. */
export function publishedPackages(root: string): string[] {
  const workflow = readFileSync(join(root, ".github/workflows/release.yml"), "utf8");
  const line = workflow.split("\n").find((text) => /^\s+run: pnpm .*\bpublish\b/.test(text)) ?? "";
  return [...line.matchAll(/--filter (\S+)/g)].map((match) => match[1] ?? "");
}

/** The actions: each folder of `actions/` with an `action.yml`. */
export function actionNames(root: string): string[] {
  return readdirSync(join(root, "actions"))
    .filter((name) => statSync(join(root, "actions", name, "action.yml"), { throwIfNoEntry: false }))
    .sort();
}

export interface ActionFacts {
  /** `runs.using`, e.g. "node24". */
  runtime: string;
  /** Whether an input takes the workflow's GitHub token (`${{ github.token }}`): the action calls GitHub's API. */
  takesGitHubToken: boolean;
  /** The token permissions its inputs' descriptions say it needs, e.g. `pull-requests: read`. */
  gitHubPermissions: string[];
}

/** What an action's `action.yml` says about what it needs from the runner and the workflow. */
export function actionFacts(root: string, name: string): ActionFacts {
  const metadata = readFileSync(join(root, "actions", name, "action.yml"), "utf8");
  return {
    runtime: /^\s+using:\s*["']?(\w+)/m.exec(metadata)?.[1] ?? "",
    takesGitHubToken: /default:\s*["']?\$\{\{\s*github\.token\s*\}\}/.test(metadata),
    gitHubPermissions: [
      ...new Set([...metadata.matchAll(/pull-requests: (?:read|write)/g)].map(([p]) => p)),
    ].sort(),
  };
}

/** Each action's bundle in MB (2^20 bytes), counted as the benchmark counts it (`actionBundleBytes`). */
export function bundleSizesMb(root: string): number[] {
  return actionNames(root).map((name) => actionBundleBytes(join(root, "actions", name)).bytes / 2 ** 20);
}

/** The runner release that first runs actions on a runtime (GitHub's runner changelog). */
export const RUNNER_FOR_RUNTIME: Record<string, string> = { node24: "2.327.1" };

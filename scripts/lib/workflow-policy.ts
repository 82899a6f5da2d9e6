import { parse } from "yaml";

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
  run?: string;
}
interface Job {
  permissions?: unknown;
  environment?: unknown;
  "runs-on"?: unknown;
  if?: string;
  steps?: Step[];
  env?: Record<string, unknown>;
  uses?: string;
  secrets?: unknown;
  with?: Record<string, unknown>;
}
interface Workflow {
  on?: unknown;
  permissions?: unknown;
  env?: Record<string, unknown>;
  jobs?: Record<string, Job>;
}

const FULL_SHA = /^[^@]+@[0-9a-f]{40}$/;
const IMAGE_DIGEST = /^docker:\/\/[^@\s]+@sha256:[0-9a-f]{64}$/;
const PUBLISHES = /\b(?:npm|pnpm|yarn|changeset)\b[^\n;&|]*\bpublish\b/;
const SECRETS = /\$\{\{[^}]*\bsecrets\./;
const UNTRUSTED_REF = /github\.event\.pull_request\.head\.(sha|ref)|github\.head_ref/;

/**
 * Checks a workflow against the repository's rules and returns each violation:
 * - top-level `permissions` is exactly `contents: read` (jobs widen only what they need);
 * - every action from another repository is pinned by a full commit SHA, and every
 *   `docker://` image by its digest (`@sha256:…`): a tag can be moved to other code;
 * - a job that publishes packages (`npm`/`pnpm`/`yarn publish`) runs in an `environment:`,
 *   so a protected environment's reviewers and secrets stand between a tag and a release;
 * - `pull_request_target` never checks out the pull request's code;
 * - jobs that pull requests from forks can trigger (`pull_request`) use no secrets unless
 *   they are guarded to the same repository.
 */
export function workflowViolations(name: string, text: string): string[] {
  const workflow = parse(text) as Workflow;
  const violations: string[] = [];
  const events = eventNames(workflow.on);

  const permissions = workflow.permissions as Record<string, unknown> | string | undefined;
  const readOnly =
    typeof permissions === "object" &&
    permissions !== null &&
    Object.keys(permissions).length === 1 &&
    permissions["contents"] === "read";
  if (!readOnly) violations.push(`${name}: top-level permissions must be exactly { contents: read }`);

  for (const [jobName, job] of Object.entries(workflow.jobs ?? {})) {
    const where = `${name} job ${jobName}`;
    const uses = [job.uses, ...(job.steps ?? []).map((step) => step.uses)].filter((u): u is string =>
      Boolean(u),
    );
    for (const use of uses) {
      if (use.startsWith("./")) continue;
      if (use.startsWith("docker://")) {
        if (!IMAGE_DIGEST.test(use))
          violations.push(`${where}: ${use} is not pinned by an image digest (@sha256:…)`);
        continue;
      }
      if (!FULL_SHA.test(use)) violations.push(`${where}: ${use} is not pinned by a full commit SHA`);
    }
    const publishes = (job.steps ?? []).some((step) => PUBLISHES.test(step.run ?? ""));
    if (publishes && !job.environment)
      violations.push(`${where}: publishes packages outside a protected environment (add environment:)`);
    if (events.includes("pull_request_target")) {
      for (const step of job.steps ?? []) {
        const checksOutHead =
          step.uses?.startsWith("actions/checkout") && UNTRUSTED_REF.test(JSON.stringify(step.with ?? {}));
        if (checksOutHead)
          violations.push(`${where}: checks out the pull request's code under pull_request_target`);
      }
    }
    if (events.includes("pull_request")) {
      const guarded = /head\.repo\.full_name\s*==\s*github\.repository|head\.repo\.fork\s*==\s*false/.test(
        job.if ?? "",
      );
      const usesSecrets = SECRETS.test(JSON.stringify({ job, env: workflow.env ?? {} }));
      if (usesSecrets && !guarded) {
        violations.push(
          `${where}: uses secrets in a job that pull requests from forks trigger, without a same-repository guard`,
        );
      }
    }
  }
  return violations;
}

function eventNames(on: unknown): string[] {
  if (typeof on === "string") return [on];
  if (Array.isArray(on)) return on.map(String);
  if (on && typeof on === "object") return Object.keys(on);
  return [];
}

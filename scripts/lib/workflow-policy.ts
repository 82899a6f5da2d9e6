import { parse } from "yaml";

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
  run?: string;
}
interface Job {
  permissions?: unknown;
  needs?: string | string[];
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
 * - every `actions/checkout` sets `persist-credentials: false`, so no later step (a repository
 *   script included) finds the job's token in `.git/config`;
 * - a job granted `contents: write` (a release, a tag moved) runs in an `environment:` and after a
 *   check that the tag's commit is on main (`git merge-base --is-ancestor … origin/main`, in
 *   the job or in a job it needs);
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
    violations.push(...credentialViolations(where, job, workflow.jobs ?? {}));
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

const ON_MAIN = /merge-base\s+--is-ancestor\b[^\n]*\borigin\/main\b/;

/** Where a job could push with its token: checkouts that keep it, and write access ungated. */
function credentialViolations(where: string, job: Job, jobs: Record<string, Job>): string[] {
  const violations: string[] = [];
  for (const step of job.steps ?? []) {
    if (step.uses?.startsWith("actions/checkout") && step.with?.["persist-credentials"] !== false)
      violations.push(`${where}: actions/checkout keeps the token in .git/config (set persist-credentials: false)`);
  }
  const permissions = job.permissions as Record<string, unknown> | string | undefined;
  const writes =
    permissions === "write-all" || (typeof permissions === "object" && permissions?.["contents"] === "write");
  if (!writes) return violations;
  if (!job.environment)
    violations.push(`${where}: has contents: write outside a protected environment (add environment:)`);
  const needs = typeof job.needs === "string" ? [job.needs] : (job.needs ?? []);
  const checked = [job, ...needs.map((name) => jobs[name])].some((j) =>
    (j?.steps ?? []).some((step) => ON_MAIN.test(step.run ?? "")),
  );
  if (!checked)
    violations.push(`${where}: has contents: write without checking that the tag's commit is on main`);
  return violations;
}

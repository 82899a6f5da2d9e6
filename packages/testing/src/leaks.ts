import type { ActionRun } from "./run-action.ts";

export interface LeakCheckOptions {
  /** Variables the action may legitimately write to GITHUB_ENV with a secret value (export-env). */
  allowedEnv?: string[];
}

/**
 * Where each secret shows where it must not: on stdout outside `::add-mask::` lines (and
 * any use before its mask), on stderr, in the job summary, or in the env file. Outputs are
 * allowed to hold secrets: the runner masks registered values when they are used.
 */
export function findLeaks(
  run: ActionRun,
  secrets: readonly string[],
  options: LeakCheckOptions = {},
): string[] {
  const leaks: string[] = [];
  const lines = run.stdout.split(/\r?\n/);
  for (const [n, secret] of secrets.entries()) {
    if (!secret) continue;
    const label = `secret #${n + 1}`;
    let masked = false;
    for (const line of lines) {
      // Mask commands are consumed by the runner and never shown; one may hold several secrets (email:key).
      if (line.startsWith("::add-mask::")) {
        if (line.slice("::add-mask::".length) === secret) masked = true;
        continue;
      }
      if (line.includes(secret))
        leaks.push(
          `${label} on stdout${masked ? "" : " before its ::add-mask::"}: ${line.replaceAll(secret, "<SECRET>").slice(0, 160)}`,
        );
    }
    if (run.stderr.includes(secret)) leaks.push(`${label} on stderr`);
    if (run.summary.includes(secret)) leaks.push(`${label} in the job summary`);
    for (const [name, value] of Object.entries(run.exportedEnv)) {
      if (value.includes(secret) && !(options.allowedEnv ?? []).includes(name))
        leaks.push(`${label} in GITHUB_ENV ${name}`);
    }
    const inOutputs = Object.values(run.outputs).some((value) => value.includes(secret));
    if (inOutputs && !masked) leaks.push(`${label} set as an output without ::add-mask::`);
  }
  return leaks;
}

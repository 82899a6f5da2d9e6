import { ConfigurationError } from "../errors/index.ts";
import { validateIndexName } from "../schemas/inputs.ts";

/**
 * The part of a workflow run's context that templates read. `@actions/github`'s `context`
 * has this shape, and so does `readGitHubContext()`'s result.
 */
export interface TemplateContext {
  eventName: string;
  sha: string;
  ref: string;
  runId: number;
  repo: { owner: string; repo: string };
  payload: {
    number?: number;
    pull_request?: { number?: number; head?: { ref?: string; sha?: string } } | undefined;
    issue?: { number?: number; pull_request?: unknown } | undefined;
    [key: string]: unknown;
  };
}

export const TEMPLATE_PLACEHOLDERS = ["pr", "branch", "sha", "run_id", "repo"] as const;
type Placeholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

const BRANCH_MAX = 40;

/**
 * Fills `{pr}`, `{branch}`, `{sha}` (7 characters), `{run_id}` and `{repo}` from the context,
 * each sanitized to `[a-z0-9-]` (lowercase; other runs become one "-"; trimmed of "-";
 * branch capped at 40). A placeholder with no value in this event is an error.
 */
export function expandNameTemplate(template: string, context: TemplateContext, input = "name"): string {
  const expanded = template.replace(/\{([^{}]*)\}/g, (_whole, raw: string) => {
    const placeholder = raw.trim() as Placeholder;
    if (!TEMPLATE_PLACEHOLDERS.includes(placeholder)) {
      throw new ConfigurationError(
        input,
        `${input} uses the unknown placeholder {${raw}}; the placeholders are ${TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`,
      );
    }
    const value = placeholderValue(placeholder, context);
    if (value === undefined || sanitize(value) === "") {
      throw new ConfigurationError(
        input,
        `${input} uses {${placeholder}}, which has no value on a ${context.eventName} event${hint(placeholder)}`,
      );
    }
    return placeholder === "branch"
      ? sanitize(value).slice(0, BRANCH_MAX).replace(/-+$/, "")
      : sanitize(value);
  });
  return validateIndexName(expanded, input);
}

function placeholderValue(placeholder: Placeholder, context: TemplateContext): string | undefined {
  const pr = context.payload.pull_request;
  switch (placeholder) {
    case "pr": {
      const issue = context.payload.issue;
      const prNumber = pr?.number ?? (issue?.pull_request ? issue.number : undefined);
      return prNumber === undefined ? undefined : String(prNumber);
    }
    case "branch":
      if (pr?.head?.ref) return pr.head.ref;
      return context.ref.startsWith("refs/heads/") ? context.ref.slice("refs/heads/".length) : undefined;
    case "sha": {
      const sha = pr?.head?.sha ?? context.sha;
      return sha ? sha.slice(0, 7) : undefined;
    }
    case "run_id":
      return context.runId ? String(context.runId) : undefined;
    case "repo":
      return context.repo.repo || undefined;
  }
}

function hint(placeholder: Placeholder): string {
  if (placeholder === "pr")
    return " (it is set for pull_request and pull_request_target events and pull request comments)";
  if (placeholder === "branch") return " (it is set for branch pushes and pull requests, not for tags)";
  return "";
}

export function sanitize(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

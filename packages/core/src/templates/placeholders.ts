/** The placeholders a name template may use, in the order messages list them. */
export const TEMPLATE_PLACEHOLDERS = ["pr", "branch", "sha", "run_id", "repo"] as const;

export type Placeholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** A value for each placeholder, as the CI system gives it (a branch name, a full commit sha). */
export type TemplateValues = Partial<Record<Placeholder, string>>;

interface PlaceholderRule {
  /** Turns a value into its part of a name; "" when nothing usable is left. */
  fill(value: string): string;
  /** A regular expression source that matches exactly what `fill` can produce. */
  match: string;
}

const BRANCH_MAX = 40;
const WORDS = "[a-z0-9]+(?:-[a-z0-9]+)*";

/**
 * The one table both directions read: filling a template (ensure, delete by name) and reading
 * values back out of a name (prune). Every value becomes `[a-z0-9-]`: lowercase, other runs
 * turned into one "-", trimmed of "-".
 */
export const PLACEHOLDER_RULES: Record<Placeholder, PlaceholderRule> = {
  pr: { fill: sanitize, match: "[0-9]+" },
  run_id: { fill: sanitize, match: "[0-9]+" },
  sha: { fill: (value) => sanitize(value.slice(0, 7)), match: "[a-z0-9]{7}" },
  branch: { fill: (value) => sanitize(value).slice(0, BRANCH_MAX).replace(/-+$/, ""), match: WORDS },
  repo: { fill: sanitize, match: WORDS },
};

function sanitize(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

import type { Placeholder, TemplateValues } from "@stashkit/core";

/**
 * What a CI run is about, as name templates need it: one reader per CI system fills it from
 * that system's environment, and `whereMissing` says in the system's own terms why a value is
 * absent (" on a push event (it is set for pull requests ...)").
 */
export interface CiRun {
  /** The CI system, for messages: "GitHub Actions". */
  system: string;
  values: TemplateValues;
  whereMissing(placeholder: Placeholder): string;
}

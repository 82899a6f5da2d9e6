import { ConfigurationError } from "../errors/index.ts";
import { validateIndexName } from "../schemas/inputs.ts";
import { parseTemplate } from "./parse.ts";
import { PLACEHOLDER_RULES, type Placeholder, type TemplateValues } from "./placeholders.ts";

export interface ExpandOptions {
  /** The name the caller knows the template by, for messages. Default `name`. */
  input?: string;
  /**
   * Says where a missing value would come from, appended to the error: " on a push event (it is
   * set for pull requests)". CI systems know this; the template does not.
   */
  whereMissing?: (placeholder: Placeholder) => string;
}

/**
 * Fills `{pr}`, `{branch}`, `{sha}` (7 characters), `{run_id}` and `{repo}` from `values`, each
 * made safe for a name (see PLACEHOLDER_RULES). A placeholder without a usable value is an error.
 */
export function expandNameTemplate(
  template: string,
  values: TemplateValues,
  options: ExpandOptions = {},
): string {
  const input = options.input ?? "name";
  const name = parseTemplate(template, input)
    .map((part) => {
      if ("literal" in part) return part.literal;
      const value = values[part.placeholder];
      const filled = value === undefined ? "" : PLACEHOLDER_RULES[part.placeholder].fill(value);
      if (filled === "") {
        throw new ConfigurationError(
          input,
          `${input} uses {${part.placeholder}}, which has no value${options.whereMissing?.(part.placeholder) ?? ""}`,
        );
      }
      return filled;
    })
    .join("");
  return validateIndexName(name, input);
}

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
 * made safe for a name (see PLACEHOLDER_RULES). A placeholder without a value, or whose value
 * leaves nothing usable (a branch in another script, a pull request number that is not a whole
 * number), is an error naming the input.
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
      if (value === undefined || value.trim() === "") {
        throw new ConfigurationError(
          input,
          `${input} uses {${part.placeholder}}, which has no value${options.whereMissing?.(part.placeholder) ?? ""}`,
        );
      }
      const rule = PLACEHOLDER_RULES[part.placeholder];
      const filled = rule.fill(value);
      if (filled === "") {
        const shown = value.length > 40 ? `${value.slice(0, 40)}\u2026` : value;
        throw new ConfigurationError(
          input,
          `${input} uses {${part.placeholder}}, whose value ${JSON.stringify(shown)} leaves nothing usable in a name: it must be ${rule.expects}`,
        );
      }
      return filled;
    })
    .join("");
  return validateIndexName(name, input);
}

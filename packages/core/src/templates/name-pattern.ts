import { parseTemplate } from "./parse.ts";
import { PLACEHOLDER_RULES } from "./placeholders.ts";

/**
 * The names a pattern selects: an exact name (`myapp-prod`), a name template (`myapp-pr-{pr}`)
 * or a pattern with `*` for any run of characters (`*-production`, `myapp-*`), in any mix. One
 * rule for `protect` (which ignores case) and for `search list --pattern`; an unknown placeholder
 * is a ConfigurationError naming `input`, before anything is sent.
 */
export function namePattern(
  pattern: string,
  input: string,
  { ignoreCase = false } = {},
): (name: string) => boolean {
  const source = parseTemplate(pattern, input)
    .map((part) =>
      "literal" in part
        ? part.literal
            .split("*")
            .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
            .join(".*")
        : `(?:${PLACEHOLDER_RULES[part.placeholder].match})`,
    )
    .join("");
  const regex = new RegExp(`^${source}$`, ignoreCase ? "i" : "");
  return (name) => regex.test(name);
}

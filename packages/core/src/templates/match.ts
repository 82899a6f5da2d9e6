import { ConfigurationError } from "../errors/index.ts";
import { parseTemplate } from "./parse.ts";
import { PLACEHOLDER_RULES, type Placeholder, type TemplateValues } from "./placeholders.ts";

/**
 * Turns `myapp-pr-{pr}` into a function that returns `{pr: "42"}` for `myapp-pr-42`, or
 * undefined for a name the template cannot have produced. Each placeholder matches exactly what
 * filling it can give, so a pattern matches the names `expandNameTemplate` makes and no others.
 */
export function templateMatcher(
  pattern: string,
  input = "pattern",
): (name: string) => TemplateValues | undefined {
  const names: Placeholder[] = [];
  const source = parseTemplate(pattern, input)
    .map((part) => {
      if ("literal" in part) return part.literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      if (names.includes(part.placeholder))
        throw new ConfigurationError(input, `${input} uses {${part.placeholder}} twice`);
      names.push(part.placeholder);
      return `(${PLACEHOLDER_RULES[part.placeholder].match})`;
    })
    .join("");
  if (names.length === 0)
    throw new ConfigurationError(input, `${input} must contain a placeholder such as {pr}`);
  const regex = new RegExp(`^${source}$`);
  return (name) => {
    const match = regex.exec(name);
    if (!match) return undefined;
    const values = names.map((placeholder, i) => [placeholder, match[i + 1] as string] as const);
    if (!values.every(([placeholder, part]) => PLACEHOLDER_RULES[placeholder].accepts(part)))
      return undefined;
    return Object.fromEntries(values);
  };
}

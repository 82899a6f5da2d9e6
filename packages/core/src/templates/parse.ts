import { ConfigurationError } from "../errors/index.ts";
import { type Placeholder, TEMPLATE_PLACEHOLDERS } from "./placeholders.ts";

export type TemplatePart = { literal: string } | { placeholder: Placeholder };

/**
 * Splits `myapp-pr-{pr}` into literal text and placeholders. A lone `{` is literal text; an
 * unknown placeholder is an error naming `input` and the placeholders there are.
 */
export function parseTemplate(template: string, input: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  for (const [whole, raw] of template.matchAll(/\{([^{}]*)\}|[^{]+|\{/g)) {
    if (raw === undefined) {
      parts.push({ literal: whole });
      continue;
    }
    const placeholder = raw.trim();
    if (!isPlaceholder(placeholder)) {
      throw new ConfigurationError(
        input,
        `${input} uses the unknown placeholder {${raw}}; the placeholders are ${TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`,
      );
    }
    parts.push({ placeholder });
  }
  return parts;
}

function isPlaceholder(value: string): value is Placeholder {
  return (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(value);
}

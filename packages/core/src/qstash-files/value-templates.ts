import { PLACEHOLDER_RULES, type Placeholder, TEMPLATE_PLACEHOLDERS } from "../templates/placeholders.ts";

/** A piece of a declared value: text as it is, a `{placeholder}` or variable, or a `${SECRET}`. */
export type ValuePart = { literal: string } | { name: string } | { secret: string };

/** The placeholders a declaration's values take: the name templates' and `{env}`. */
export const DECLARATION_PLACEHOLDERS = ["env", ...TEMPLATE_PLACEHOLDERS] as const;

// `{word}` is a placeholder only when the word could be one (`{"a": 1}` in a body stays text);
// `${NAME}` names an environment variable. `{{word}}` and `$${NAME}` are those texts themselves.
// Anything else is text.
const PARTS =
  /\$\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\{\{([a-z_][a-z0-9_]*)\}\}|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\{([a-z_][a-z0-9_]*)\}|[^{$]+|[{$]/g;

export function parseValue(text: string): ValuePart[] {
  const parts: ValuePart[] = [];
  for (const [whole, literalSecret, literalName, secret, name] of text.matchAll(PARTS)) {
    if (secret !== undefined) parts.push({ secret });
    else if (name !== undefined) parts.push({ name });
    else if (literalSecret !== undefined || literalName !== undefined) {
      const text = literalSecret !== undefined ? `\${${literalSecret}}` : `{${literalName}}`;
      appendLiteral(parts, text);
    } else appendLiteral(parts, whole);
  }
  return parts;
}

function appendLiteral(parts: ValuePart[], text: string): void {
  const last = parts.at(-1);
  if (last && "literal" in last) last.literal += text;
  else parts.push({ literal: text });
}

/** A text written so that `parseValue` reads it back as it is: what export writes. */
export function escapeValue(text: string): string {
  return text
    .replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, "$$$${$1}")
    .replace(/(?<!\$)\{([a-z_][a-z0-9_]*)\}/g, "{{$1}}");
}

/** The placeholders and variables a value uses, by name. */
export function namesUsed(text: string): string[] {
  return parseValue(text).flatMap((part) => ("name" in part ? [part.name] : []));
}

export function isCiPlaceholder(name: string): name is Placeholder {
  return (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);
}

/**
 * Fills a CI placeholder as name templates do (`{branch}` `Feature/X` gives `feature-x`), so a
 * value and a name made from the same branch agree. Undefined when it leaves nothing usable.
 */
export function fillPlaceholder(placeholder: Placeholder, value: string): string | undefined {
  const filled = PLACEHOLDER_RULES[placeholder].fill(value.trim());
  return filled === "" ? undefined : filled;
}

/** What a filled placeholder must be, for an error about a value that leaves nothing. */
export function placeholderExpects(placeholder: Placeholder): string {
  return PLACEHOLDER_RULES[placeholder].expects;
}

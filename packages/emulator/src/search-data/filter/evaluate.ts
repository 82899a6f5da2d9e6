import type { FieldPath, FilterNode, Literal } from "./ast.ts";
import { globMatches } from "./glob.ts";
import type { PathStep } from "./tokenizer.ts";

/** What a filter is checked against: the document's content and its metadata. */
export interface FilterTarget {
  content: Record<string, unknown>;
  metadata?: Record<string, unknown> | undefined;
}

/**
 * Whether a document passes a parsed filter. A condition on a field the document does not
 * have, or has with a value of another type, is false, negated operators included (as in
 * SQL, where a comparison with NULL is never true); `HAS NOT FIELD` is the way to ask for
 * a missing field.
 */
export function matchesFilter(node: FilterNode, target: FilterTarget): boolean {
  switch (node.kind) {
    case "and":
      return node.operands.every((operand) => matchesFilter(operand, target));
    case "or":
      return node.operands.some((operand) => matchesFilter(operand, target));
    case "has-field":
      return (resolve(node.field, target) !== undefined) !== node.negated;
    default:
      return matchesCondition(node, resolve(node.field, target));
  }
}

type Condition = Exclude<FilterNode, { kind: "and" | "or" | "has-field" }>;

function matchesCondition(node: Condition, value: unknown): boolean {
  switch (node.kind) {
    case "compare":
      return compare(node.operator, value, node.value);
    case "glob":
      return typeof value === "string" && globMatches(node.pattern, value) !== node.negated;
    case "in":
      return isScalar(value) && node.values.includes(value) !== node.negated;
    case "contains":
      return Array.isArray(value) && value.includes(node.value) !== node.negated;
  }
}

function compare(operator: string, value: unknown, literal: Literal): boolean {
  if (!isScalar(value) || typeof value !== typeof literal) return false;
  switch (operator) {
    case "=":
      return value === literal;
    case "!=":
      return value !== literal;
    case "<":
      return value < literal;
    case "<=":
      return value <= literal;
    case ">":
      return value > literal;
    default:
      return value >= literal;
  }
}

function isScalar(value: unknown): value is Literal {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** The value at a field path, or `undefined` when any step leads nowhere. */
export function resolve(field: FieldPath, target: FilterTarget): unknown {
  let current: unknown = field.source === "metadata" ? target.metadata : target.content;
  for (const step of field.steps) {
    current = stepInto(current, step);
    if (current === undefined) return undefined;
  }
  return current;
}

function stepInto(value: unknown, step: PathStep): unknown {
  if ("key" in step) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    return Object.hasOwn(value, step.key) ? (value as Record<string, unknown>)[step.key] : undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const position = "index" in step ? step.index : value.length - step.fromEnd;
  return position >= 0 && position < value.length ? value[position] : undefined;
}

import type { PathStep } from "./tokenizer.ts";

export type Literal = string | number | boolean;
export type Comparison = "=" | "!=" | "<" | "<=" | ">" | ">=";

/** Where a field lives: plain names are content fields, `@metadata.` names metadata fields. */
export interface FieldPath {
  source: "content" | "metadata";
  steps: PathStep[];
}

export type FilterNode =
  | { kind: "and"; operands: FilterNode[] }
  | { kind: "or"; operands: FilterNode[] }
  | { kind: "compare"; field: FieldPath; operator: Comparison; value: Literal }
  | { kind: "glob"; field: FieldPath; pattern: string; negated: boolean }
  | { kind: "in"; field: FieldPath; values: Literal[]; negated: boolean }
  | { kind: "contains"; field: FieldPath; value: Literal; negated: boolean }
  | { kind: "has-field"; field: FieldPath; negated: boolean };

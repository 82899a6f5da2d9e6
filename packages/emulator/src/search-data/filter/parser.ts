import type { Comparison, FieldPath, FilterNode, Literal } from "./ast.ts";
import { MAX_GLOB_PATTERN } from "./glob.ts";
import { FilterSyntaxError } from "./syntax-error.ts";
import { type Token, tokenize } from "./tokenizer.ts";

const METADATA = "@metadata";
/** Parentheses nested deeper than this are refused (the parser recurses once per level). */
export const MAX_FILTER_DEPTH = 100;

/**
 * Parses the service's SQL-like filter language by recursive descent:
 *
 *   filter     := or EOF
 *   or         := and ("OR" and)*
 *   and        := primary ("AND" primary)*
 *   primary    := "(" or ")" | "HAS" ["NOT"] "FIELD" path | path condition
 *   condition  := comparison literal | ["NOT"] "GLOB" string | ["NOT"] "IN" "(" literal ("," literal)* ")"
 *               | ["NOT"] "CONTAINS" literal
 *
 * AND binds tighter than OR. Keywords and booleans are case-insensitive. Parentheses nest at most
 * MAX_FILTER_DEPTH deep and a GLOB pattern holds at most MAX_GLOB_PATTERN characters.
 */
export function parseFilter(source: string): FilterNode {
  return new Parser(tokenize(source)).parse();
}

class Parser {
  readonly #tokens: Token[];
  #at = 0;
  #depth = 0;

  constructor(tokens: Token[]) {
    this.#tokens = tokens;
  }

  parse(): FilterNode {
    const node = this.#or();
    const next = this.#peek();
    if (next.kind !== "end") this.#fail(`expected AND, OR or the end of the filter`, next);
    return node;
  }

  #or(): FilterNode {
    const operands = [this.#and()];
    while (this.#takeKeyword("OR")) operands.push(this.#and());
    return operands.length === 1 ? (operands[0] as FilterNode) : { kind: "or", operands };
  }

  #and(): FilterNode {
    const operands = [this.#primary()];
    while (this.#takeKeyword("AND")) operands.push(this.#primary());
    return operands.length === 1 ? (operands[0] as FilterNode) : { kind: "and", operands };
  }

  #primary(): FilterNode {
    const open = this.#peek();
    if (this.#takePunct("(")) {
      if (++this.#depth > MAX_FILTER_DEPTH) {
        this.#fail(`parentheses nest deeper than ${MAX_FILTER_DEPTH} levels`, open);
      }
      const inner = this.#or();
      if (!this.#takePunct(")")) this.#fail(`expected ")"`, this.#peek());
      this.#depth--;
      return inner;
    }
    if (this.#takeKeyword("HAS")) {
      const negated = this.#takeKeyword("NOT");
      if (!this.#takeKeyword("FIELD"))
        this.#fail(`expected FIELD after HAS${negated ? " NOT" : ""}`, this.#peek());
      return { kind: "has-field", field: this.#field(), negated };
    }
    return this.#condition(this.#field());
  }

  #condition(field: FieldPath): FilterNode {
    const token = this.#peek();
    if (token.kind === "operator") {
      this.#at++;
      return { kind: "compare", field, operator: token.text, value: this.#comparable(token.text) };
    }
    const negated = this.#takeKeyword("NOT");
    if (this.#takeKeyword("GLOB")) return { kind: "glob", field, pattern: this.#pattern(), negated };
    if (this.#takeKeyword("IN")) return { kind: "in", field, values: this.#list(), negated };
    if (this.#takeKeyword("CONTAINS")) return { kind: "contains", field, value: this.#literal(), negated };
    const expected = negated
      ? "GLOB, IN or CONTAINS after NOT"
      : "an operator (=, !=, <, <=, >, >=, GLOB, IN, CONTAINS)";
    return this.#fail(`expected ${expected}`, this.#peek());
  }

  /** `<`, `<=`, `>` and `>=` compare numbers only, as the service documents. */
  #comparable(operator: Comparison): Literal {
    const valueToken = this.#peek();
    const value = this.#literal();
    if (operator !== "=" && operator !== "!=" && typeof value !== "number") {
      this.#fail(`"${operator}" needs a number`, valueToken);
    }
    return value;
  }

  #pattern(): string {
    const token = this.#peek();
    const pattern = this.#string("GLOB");
    const length = [...pattern].length;
    if (length > MAX_GLOB_PATTERN) {
      this.#fail(
        `a GLOB pattern holds at most ${MAX_GLOB_PATTERN} characters; this one has ${length}`,
        token,
      );
    }
    return pattern;
  }

  #list(): Literal[] {
    if (!this.#takePunct("(")) this.#fail(`expected "(" to open the list`, this.#peek());
    const values = [this.#literal()];
    while (this.#takePunct(",")) values.push(this.#literal());
    if (!this.#takePunct(")")) this.#fail(`expected "," or ")" in the list`, this.#peek());
    return values;
  }

  #string(operator: string): string {
    const token = this.#peek();
    if (token.kind !== "string") return this.#fail(`${operator} needs a quoted string`, token);
    this.#at++;
    return token.value;
  }

  #literal(): Literal {
    const token = this.#peek();
    if (token.kind === "string" || token.kind === "number") {
      this.#at++;
      return token.value;
    }
    if (token.kind === "path" && token.steps.length === 1) {
      const word = token.text.toUpperCase();
      if (word === "TRUE" || word === "FALSE") {
        this.#at++;
        return word === "TRUE";
      }
    }
    return this.#fail("expected a value (a quoted string, a number, true or false)", token);
  }

  #field(): FieldPath {
    const token = this.#peek();
    if (token.kind !== "path") return this.#fail("expected a field name", token);
    this.#at++;
    const [first, ...rest] = token.steps;
    const isMetadata = first !== undefined && "key" in first && first.key === METADATA;
    const steps = isMetadata ? rest : token.steps;
    const misplaced = steps.some((step) => "key" in step && step.key.startsWith("@"));
    if (misplaced || steps.length === 0) {
      this.#fail(`"${token.text}" is not a field name (metadata fields are written @metadata.name)`, token);
    }
    return { source: isMetadata ? "metadata" : "content", steps };
  }

  #peek(): Token {
    return this.#tokens[this.#at] as Token;
  }

  #takeKeyword(keyword: string): boolean {
    const token = this.#peek();
    if (token.kind === "path" && token.steps.length === 1 && token.text.toUpperCase() === keyword) {
      this.#at++;
      return true;
    }
    return false;
  }

  #takePunct(text: "(" | ")" | ","): boolean {
    const token = this.#peek();
    if (token.kind === "punct" && token.text === text) {
      this.#at++;
      return true;
    }
    return false;
  }

  #fail(problem: string, token: Token): never {
    const found = token.kind === "end" ? "the end of the filter" : describe(token);
    throw new FilterSyntaxError(`${problem}, found ${found}`, token.at);
  }
}

function describe(token: Exclude<Token, { kind: "end" }>): string {
  switch (token.kind) {
    case "string":
      return "a string";
    case "number":
      return String(token.value);
    case "path":
    case "operator":
    case "punct":
      return `"${token.text}"`;
  }
}

/**
 * The `Upstash-Retry-Delay` language, parsed by hand so that its cost is bounded by its length:
 * numbers, the variable `retried`, `+ - * / % ^`, unary minus, parentheses and the documented
 * functions. No regular expression is built from the expression and nothing loops on its text,
 * so one header cannot stall the event loop (an expression library's `~=` could).
 */

/** Longer expressions are refused before parsing; the documented examples are under 40 characters. */
export const MAX_EXPRESSION_LENGTH = 256;
/** Parentheses and function calls nested deeper than this are refused (the parser recurses). */
const MAX_DEPTH = 32;

/** The functions the service documents for retry delays. */
const FUNCTIONS: Readonly<Record<string, { arity: number; apply: (...args: number[]) => number }>> = {
  abs: { arity: 1, apply: Math.abs },
  ceil: { arity: 1, apply: Math.ceil },
  exp: { arity: 1, apply: Math.exp },
  floor: { arity: 1, apply: Math.floor },
  max: { arity: 2, apply: Math.max },
  min: { arity: 2, apply: Math.min },
  pow: { arity: 2, apply: Math.pow },
  round: { arity: 1, apply: Math.round },
  sqrt: { arity: 1, apply: Math.sqrt },
};

const BINARY: Readonly<Record<string, (a: number, b: number) => number>> = {
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "*": (a, b) => a * b,
  "/": (a, b) => a / b,
  "%": (a, b) => a % b,
  "^": (a, b) => a ** b,
};

/** Binding strength; `^` binds tighter than `* / %`, which bind tighter than `+ -`. */
const PRECEDENCE: Readonly<Record<string, number>> = { "+": 1, "-": 1, "*": 2, "/": 2, "%": 2, "^": 3 };

/** A compiled expression: the delay for a value of `retried`. Evaluation is one pass over the tree. */
export type RetryDelayFormula = (retried: number) => number;

export class RetryDelaySyntaxError extends Error {
  override readonly name = "RetryDelaySyntaxError";
}

type Token =
  | { kind: "number"; value: number }
  | { kind: "name"; name: string }
  | { kind: "symbol"; symbol: string };

/** Splits the text into tokens with a single forward scan. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (char === " " || char === "\t") {
      at++;
    } else if (isDigit(char) || char === ".") {
      const start = at;
      while (at < text.length && (isDigit(text[at] as string) || text[at] === ".")) at++;
      const value = Number(text.slice(start, at));
      if (!Number.isFinite(value))
        throw new RetryDelaySyntaxError(`"${text.slice(start, at)}" is not a number`);
      tokens.push({ kind: "number", value });
    } else if (isLetter(char)) {
      const start = at;
      while (at < text.length && (isLetter(text[at] as string) || isDigit(text[at] as string))) at++;
      tokens.push({ kind: "name", name: text.slice(start, at) });
    } else if ("+-*/%^(),".includes(char)) {
      tokens.push({ kind: "symbol", symbol: char });
      at++;
    } else {
      throw new RetryDelaySyntaxError(`unexpected character "${char}"`);
    }
  }
  return tokens;
}

const isDigit = (char: string) => char >= "0" && char <= "9";
const isLetter = (char: string) =>
  (char >= "a" && char <= "z") || (char >= "A" && char <= "Z") || char === "_";

/** Precedence climbing over the tokens; each node becomes a closure, so evaluation needs no interpreter loop. */
class Parser {
  readonly #tokens: Token[];
  #at = 0;

  constructor(tokens: Token[]) {
    this.#tokens = tokens;
  }

  parseAll(): RetryDelayFormula {
    const formula = this.#binary(1, 0);
    const rest = this.#tokens[this.#at];
    if (rest !== undefined) throw new RetryDelaySyntaxError(`unexpected ${describe(rest)}`);
    return formula;
  }

  #binary(minPrecedence: number, depth: number): RetryDelayFormula {
    let left = this.#unary(depth);
    for (;;) {
      const next = this.#tokens[this.#at];
      const precedence = next?.kind === "symbol" ? PRECEDENCE[next.symbol] : undefined;
      if (next?.kind !== "symbol" || precedence === undefined || precedence < minPrecedence) return left;
      this.#at++;
      // `^` groups to the right (2^3^2 is 2^9), the others to the left.
      const right = this.#binary(next.symbol === "^" ? precedence : precedence + 1, depth + 1);
      const apply = BINARY[next.symbol] as (a: number, b: number) => number;
      const lhs = left;
      left = (retried) => apply(lhs(retried), right(retried));
    }
  }

  #unary(depth: number): RetryDelayFormula {
    if (depth > MAX_DEPTH) throw new RetryDelaySyntaxError(`nested deeper than ${MAX_DEPTH} levels`);
    const token = this.#tokens[this.#at++];
    if (token === undefined) throw new RetryDelaySyntaxError("it ends where a value is expected");
    if (token.kind === "number") return () => token.value;
    if (token.kind === "symbol" && token.symbol === "-") {
      const operand = this.#unary(depth + 1);
      return (retried) => -operand(retried);
    }
    if (token.kind === "symbol" && token.symbol === "(") {
      const inner = this.#binary(1, depth + 1);
      this.#expect(")");
      return inner;
    }
    if (token.kind === "name" && token.name === "retried") return (retried) => retried;
    if (token.kind === "name" && Object.hasOwn(FUNCTIONS, token.name)) return this.#call(token.name, depth);
    if (token.kind === "name")
      throw new RetryDelaySyntaxError(`unknown name "${token.name}" (only \`retried\` is known)`);
    throw new RetryDelaySyntaxError(`unexpected ${describe(token)}`);
  }

  #call(name: string, depth: number): RetryDelayFormula {
    const fn = FUNCTIONS[name] as (typeof FUNCTIONS)[string];
    this.#expect("(");
    const args: RetryDelayFormula[] = [this.#binary(1, depth + 1)];
    while (this.#peekSymbol(",")) {
      this.#at++;
      args.push(this.#binary(1, depth + 1));
    }
    this.#expect(")");
    if (args.length !== fn.arity) {
      throw new RetryDelaySyntaxError(`${name} takes ${fn.arity} argument(s), got ${args.length}`);
    }
    return (retried) => fn.apply(...args.map((arg) => arg(retried)));
  }

  #peekSymbol(symbol: string): boolean {
    const token = this.#tokens[this.#at];
    return token?.kind === "symbol" && token.symbol === symbol;
  }

  #expect(symbol: string): void {
    if (!this.#peekSymbol(symbol)) {
      const token = this.#tokens[this.#at];
      throw new RetryDelaySyntaxError(`expected "${symbol}", found ${token ? describe(token) : "the end"}`);
    }
    this.#at++;
  }
}

function describe(token: Token): string {
  if (token.kind === "number") return `the number ${token.value}`;
  return token.kind === "name" ? `"${token.name}"` : `"${token.symbol}"`;
}

/**
 * Compiles an expression such as `pow(2, retried) * 1000`. Work is linear in its length, which is
 * capped; a `RetryDelaySyntaxError` says what is wrong.
 */
export function compileRetryDelay(expression: string): RetryDelayFormula {
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new RetryDelaySyntaxError(`it is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  }
  return new Parser(tokenize(expression)).parseAll();
}

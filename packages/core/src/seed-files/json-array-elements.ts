/** One top-level element of a JSON array, as text, with the line and column it starts at (from 1). */
export interface ArrayElement {
  text: string;
  line: number;
  column: number;
}

/**
 * Splits a streamed JSON array into its top-level elements without holding the whole file:
 * it tracks only nesting depth and whether it is inside a string. Each element is then parsed
 * by `JSON.parse`, which reports any syntax error inside it; this splitter reports what is
 * wrong around the elements (no opening `[`, text after the closing `]`, an unclosed array),
 * by line and column, never quoting the text.
 */
export async function* jsonArrayElements(chunks: AsyncIterable<string>): AsyncGenerator<ArrayElement> {
  const place = new Place();
  let state: "before" | "between" | "element" | "after" = "before";
  let depth = 0;
  let inString = false;
  let escaped = false;
  let current = "";
  let startLine = 1;
  let startColumn = 1;
  for await (const chunk of chunks) {
    for (const char of chunk) {
      place.advance(char);
      if (state === "element") {
        if (inString) {
          if (escaped) escaped = false;
          else if (char === "\\") escaped = true;
          else if (char === '"') inString = false;
        } else if (char === '"') inString = true;
        else if (char === "[" || char === "{") depth++;
        else if ((char === "]" || char === "}") && depth > 0) depth--;
        else if ((char === "," || char === "]") && depth === 0) {
          yield { text: current, line: startLine, column: startColumn };
          current = "";
          state = char === "]" ? "after" : "between";
          continue;
        }
        current += char;
        continue;
      }
      if (/\s/.test(char)) continue;
      if (state === "before") {
        if (char !== "[") throw new SyntaxError(`${place}: expected "[" (a JSON array starts with it)`);
        state = "between";
      } else if (state === "between") {
        if (char === "]" && current === "") {
          state = "after";
          continue;
        }
        state = "element";
        [startLine, startColumn] = [place.line, place.column];
        current = char;
        if (char === '"') inString = true;
        else if (char === "[" || char === "{") depth = 1;
      } else {
        throw new SyntaxError(`${place}: expected nothing after the closing "]"`);
      }
    }
  }
  if (state !== "after") {
    place.advance("");
    throw new SyntaxError(`${place}: expected "]": the JSON array is not closed`);
  }
}

/** Where the last character read stands; a line break counts as the end of its own line. */
class Place {
  line = 1;
  column = 0;
  #afterBreak = false;

  /** Moves to `char` (the empty string: just past the end). */
  advance(char: string): void {
    if (this.#afterBreak) [this.line, this.column] = [this.line + 1, 0];
    this.#afterBreak = char === "\n";
    this.column++;
  }

  toString(): string {
    return `line ${this.line} column ${this.column}`;
  }
}

/** One top-level element of a JSON array, as text, with the line it starts on (from 1). */
export interface ArrayElement {
  text: string;
  line: number;
}

/**
 * Splits a streamed JSON array into its top-level elements without holding the whole file:
 * it tracks only nesting depth and whether it is inside a string. Each element is then parsed
 * by `JSON.parse`, which reports any syntax error inside it; this splitter reports what is
 * wrong around the elements (no opening `[`, text after the closing `]`, an unclosed array).
 */
export async function* jsonArrayElements(chunks: AsyncIterable<string>): AsyncGenerator<ArrayElement> {
  let line = 1;
  let state: "before" | "between" | "element" | "after" = "before";
  let depth = 0;
  let inString = false;
  let escaped = false;
  let current = "";
  let startLine = 1;
  for await (const chunk of chunks) {
    for (const char of chunk) {
      if (char === "\n") line++;
      if (state === "element") {
        if (inString) {
          if (escaped) escaped = false;
          else if (char === "\\") escaped = true;
          else if (char === '"') inString = false;
        } else if (char === '"') inString = true;
        else if (char === "[" || char === "{") depth++;
        else if ((char === "]" || char === "}") && depth > 0) depth--;
        else if ((char === "," || char === "]") && depth === 0) {
          yield { text: current, line: startLine };
          current = "";
          state = char === "]" ? "after" : "between";
          continue;
        }
        current += char;
        continue;
      }
      if (/\s/.test(char)) continue;
      if (state === "before") {
        if (char !== "[") throw new SyntaxError(`line ${line}: a JSON array starts with "["`);
        state = "between";
      } else if (state === "between") {
        if (char === "]" && current === "") {
          state = "after";
          continue;
        }
        state = "element";
        startLine = line;
        current = char;
        if (char === '"') inString = true;
        else if (char === "[" || char === "{") depth = 1;
      } else {
        throw new SyntaxError(`line ${line}: text after the closing "]"`);
      }
    }
  }
  if (state !== "after") throw new SyntaxError(`line ${line}: the JSON array is not closed with "]"`);
}

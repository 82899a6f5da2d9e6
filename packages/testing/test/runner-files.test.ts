import { describe, expect, it } from "vitest";
import { inputVariable, parseRunnerFile } from "../src/index.ts";

describe("parseRunnerFile", () => {
  it("reads name=value lines and heredoc blocks, later values winning", () => {
    const text = ["a=1", "b<<ghadelimiter_x", "line one", "line=two", "ghadelimiter_x", "a=3", ""].join("\n");
    expect(parseRunnerFile(text)).toEqual({ a: "3", b: "line one\nline=two" });
  });

  it("refuses an unterminated block and a malformed line", () => {
    expect(() => parseRunnerFile("x<<EOF\nvalue")).toThrow(/unterminated/);
    expect(() => parseRunnerFile("no equals sign")).toThrow(/malformed/);
  });
});

describe("inputVariable", () => {
  it("keeps hyphens and upper-cases, as the runner does", () => {
    expect(inputVariable("api-key")).toBe("INPUT_API-KEY");
    expect(inputVariable("queue name")).toBe("INPUT_QUEUE_NAME");
  });
});

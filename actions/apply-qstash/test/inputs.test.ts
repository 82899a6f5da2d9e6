import { describe, expect, it } from "vitest";
import { readVars } from "../src/inputs.ts";

describe("the vars input", () => {
  it("takes one name=value a line; a value keeps its commas and = signs; blank lines are skipped", () => {
    expect(readVars("base_url=https://x.example/a?b=c,d\n\n  api_version = 2 \n")).toEqual({
      base_url: "https://x.example/a?b=c,d",
      api_version: "2",
    });
    expect(readVars("")).toEqual({});
  });

  it("refuses a line without a usable name, and a name given twice", () => {
    expect(() => readVars("https://x")).toThrow(/input vars takes one name=value a line/);
    expect(() => readVars("Base=1")).toThrow(/input vars takes one name=value a line/);
    expect(() => readVars("a=1\na=2")).toThrow("input vars gives a twice");
  });
});

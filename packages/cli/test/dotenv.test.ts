import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import dotenv from "dotenv";
import { afterAll, describe, expect, it } from "vitest";
import { dotenvLine } from "../src/output/dotenv.ts";

// Every temp folder this file makes, removed when it ends, pass or fail.
afterAll(() => removeTemporaryFolders());

// The dotenv package itself (motdotla/dotenv), so the file is read by the parser people use, not
// by our idea of it.

const dir = temporaryFolder("stashkit-dotenv-");

/** What `sh` reads from the file: `. file`, then the variable printed as it is. */
function shellReads(text: string, name: string): string {
  const file = join(dir, "values.env");
  writeFileSync(file, text);
  return execFileSync("sh", ["-c", `. "$1"; printf %s "$${name}"`, "sh", file], {
    encoding: "utf8",
    cwd: dir,
  });
}

const HOSTILE = [
  ["plain", "glowing-baboon-12345-us1"],
  ["a URL", "https://glowing-baboon-12345-us1-search.upstash.io"],
  ["a command substitution", "$(touch pwned)"],
  ["backticks", "`touch pwned`"],
  ["double quotes and a dollar", 'a"$HOME"b'],
  ["a backslash", "a\\nb\\"],
  ["a comment sign and spaces", "  x # y  "],
  ["JSON with quotes", JSON.stringify([{ kind: "queue", name: "it's $(x) `y`" }])],
  ["JSON with a line separator", JSON.stringify(["a\u2028b"])],
] as const;

describe("dotenv lines", () => {
  it.each(HOSTILE)("%s: dotenv and sh both read the value literally", (_, value) => {
    const text = `${dotenvLine("VALUE", value)}\n`;
    const expected = value.startsWith("[") ? JSON.parse(value) : value;
    const read = (raw: string | undefined) => (value.startsWith("[") ? JSON.parse(raw ?? "") : raw);
    expect(read(dotenv.parse(text)["VALUE"])).toEqual(expected);
    expect(read(shellReads(text, "VALUE"))).toEqual(expected);
    expect(execFileSync("ls", ["-A", dir], { encoding: "utf8" })).not.toContain("pwned");
  });

  it("writes a plain value bare, as GitLab's dotenv report reads it", () => {
    expect(dotenvLine("UPSTASH_SEARCH_INDEX_REGION", "eu-west-1")).toBe(
      "UPSTASH_SEARCH_INDEX_REGION=eu-west-1",
    );
  });

  it("refuses a value with a single quote that is not JSON, naming the variable", () => {
    expect(() => dotenvLine("STASHKIT_RESUMED", "it's")).toThrow(
      "STASHKIT_RESUMED holds a single quote, which dotenv parsers and shells cannot both read literally; use --format json",
    );
  });

  it("keeps a line break out of the file", () => {
    const line = dotenvLine("VALUE", "a\nb");
    expect(line).not.toContain("\n");
    expect(dotenv.parse(`${line}\n`)["VALUE"]).toBe("a\\nb");
  });
});

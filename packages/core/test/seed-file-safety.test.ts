// A seed path may be a link planted by a fork's pull request: its errors never quote the file,
// and in an action (a workspace given) a link never leads out of the workspace.
import { execFileSync } from "node:child_process";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";
import { ConfigurationError, checkSeedFiles, seedDocuments } from "../src/index.ts";
import { jsonErrorPlace } from "../src/seed-files/json-error.ts";
import { caught } from "./helpers.ts";

const SECRET = "ghp_SUPERSECRETTOKEN0123456789abcdefABCDEF";

describe("seed file errors never quote the file", () => {
  it.each([
    ["NDJSON", `${SECRET}\n`, "line 1 column 1: not JSON: expected a value"],
    ["NDJSON", `{"id": "a", "content": {}}\n\n{"id": "b", "content": ${SECRET}}\n`, "line 3 column 24"],
    [
      "NDJSON",
      `{"id": "a", "content": {"t": "x"} ${SECRET}}\n`,
      'line 1 column 35: not JSON: expected "," or "}"',
    ],
    [
      "NDJSON",
      `{"id": "a", "content": {}} ${SECRET}\n`,
      "line 1 column 28: not JSON: expected the end of the line",
    ],
    [
      "JSON",
      `[{"id": "a", "content": {}}, {"id": ${SECRET}}]`,
      "line 1 column 37: not JSON: expected a value",
    ],
    [
      "JSON",
      `[\n  {"id": "a",\n   "content": {"t": "${SECRET}\u0001"}}\n]`,
      "line 3 column 64: not JSON: expected no control",
    ],
    ["JSON", `[{"id": "a", "content": {}} ${SECRET}]`, 'line 1 column 29: not JSON: expected "," or "]"'],
    [
      "JSON",
      `[{"id": "a", "content": {"t": "\\q${SECRET}"}}]`,
      "line 1 column 33: not JSON: expected an escape",
    ],
  ])("a %s file: the line, the column and what was expected (%#)", async (_format, text, place) => {
    const file = join(tempFolder(), "seed");
    await writeFile(file, text);
    const error = await caught(() => checkSeedFiles([file]));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toContain(`seed-file: ${file} ${place}`);
    expect(error.message).not.toMatch(/ghp|SUPER|SECRET/);
  });

  // Generated values: each of thousands of broken documents is placed where V8 places it.
  it("places every fault where JSON.parse does, and finds one wherever JSON.parse fails", () => {
    const random = seededRandom(39);
    const documents = [
      '{"id":"a","content":{"t":[1,-2.5e3,{"x":null}]},"m":{"y":true}}',
      '["a\\n\\u00e9",false,{}]',
    ];
    const pieces = [
      "{",
      "}",
      "[",
      "]",
      ":",
      ",",
      '"',
      "\\",
      "u",
      "1",
      "-",
      ".",
      "e",
      " ",
      "\n",
      "\u0001",
      "t",
      "n",
      "0",
    ];
    let compared = 0;
    for (let i = 0; i < 20_000; i++) {
      let text = documents[i % documents.length] as string;
      for (let edit = 0; edit <= i % 3; edit++) {
        const at = Math.floor(random() * (text.length + 1));
        const piece = pieces[Math.floor(random() * pieces.length)] as string;
        text = text.slice(0, at) + (random() < 0.7 ? piece : "") + text.slice(at + (random() < 0.5 ? 1 : 0));
      }
      const v8 = v8Place(text);
      if (v8 === "valid") continue;
      const ours = jsonErrorPlace(text);
      expect(ours, text).toBeDefined();
      if (v8 === undefined) continue;
      compared++;
      expect({ line: ours?.line, column: ours?.column }, text).toEqual(v8);
    }
    expect(compared).toBeGreaterThan(5_000);
  });

  it("finds the fault in a document nested 200,000 deep without overflowing the stack", () => {
    expect(jsonErrorPlace(`${"[".repeat(200_000)}x`)).toEqual({
      line: 1,
      column: 200_001,
      expected: "a value (object, array, string, number, true, false or null)",
    });
  });
});

describe("what a seed path may point to", () => {
  async function workspaceWithSecretOutside() {
    const workspace = tempFolder();
    const outside = join(tempFolder(), "credentials");
    await writeFile(outside, `${SECRET}\n`);
    await mkdir(join(workspace, "search"));
    return { workspace, outside };
  }

  it("refuses a link that leads out of the workspace, quoting neither the file nor where it leads", async () => {
    const { workspace, outside } = await workspaceWithSecretOutside();
    const link = join(workspace, "search", "movies.ndjson");
    await symlink(outside, link);
    const folderLink = join(workspace, "data");
    await symlink(join(outside, ".."), folderLink);
    for (const path of [link, join(folderLink, "credentials")]) {
      const error = await caught(() => checkSeedFiles([path], "seed-file", { workspace }));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toBe(
        `seed-file: ${path} is a symbolic link, or under one, that leads out of the workspace (${workspace}); a link may lead only to a file inside it`,
      );
      expect(error.message).not.toContain(outside);
    }
  });

  it("follows a link inside the workspace, and reads a path without links wherever the workflow put it", async () => {
    const { workspace } = await workspaceWithSecretOutside();
    const real = join(workspace, "search", "movies.ndjson");
    await writeFile(real, '{"id": "m1", "content": {"title": "Heat"}}\n');
    await symlink(real, join(workspace, "movies.ndjson"));
    const elsewhere = join(tempFolder(), "generated.ndjson");
    await writeFile(elsewhere, '{"id": "m2", "content": {}}\n');
    const files = await checkSeedFiles([join(workspace, "movies.ndjson"), elsewhere], "seed-file", {
      workspace,
    });
    expect(files.map((file) => [file.location, file.documents])).toEqual([
      [real, 1],
      [elsewhere, 1],
    ]);
    const documents = [];
    for await (const document of seedDocuments(files)) documents.push(document.id);
    expect(documents).toEqual(["m1", "m2"]);
  });

  it("refuses a folder and a FIFO, which are not regular files", async () => {
    const workspace = tempFolder();
    const fifo = join(workspace, "fifo");
    execFileSync("mkfifo", [fifo]);
    for (const path of [workspace, fifo]) {
      const error = await caught(() => checkSeedFiles([path], "seed-file", { workspace }));
      expect(error.message).toBe(`seed-file: ${path} is not a regular file`);
    }
  });
});

/** Where V8's message places a fault ("valid" when it parses; undefined when it names no place). */
function v8Place(text: string): { line: number; column: number } | "valid" | undefined {
  try {
    JSON.parse(text);
    return "valid";
  } catch (error) {
    const place = /\(line (\d+) column (\d+)\)/.exec((error as Error).message);
    return place ? { line: Number(place[1]), column: Number(place[2]) } : undefined;
  }
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

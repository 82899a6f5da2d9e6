import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { controlErrors } from "../src/control/errors.ts";
import { HttpError, httpErrors } from "../src/http/errors.ts";
import { managementErrors } from "../src/management/errors.ts";
import { messagingErrors } from "../src/messaging/errors.ts";
import { searchDataErrors } from "../src/search-data/errors.ts";

const SOURCE = fileURLToPath(new URL("../src/", import.meta.url));

/**
 * Where an error answer may be built: the http layer's own errors and one factory per API. Anywhere
 * else a handler throws a named error from its API's factory, so each API words a meaning once.
 */
const FACTORIES = new Set([
  "http/errors.ts",
  "messaging/errors.ts",
  "management/errors.ts",
  "search-data/errors.ts",
  "control/errors.ts",
]);

/** `LimitReached` is the one named error shared by every API's stores: the emulator's own `limits`. */
const SUBCLASSES = new Set(["options/limits.ts"]);

const RAW_CONSTRUCTION = /\bnew\s+HttpError\s*\(|\bnamedError\s*\(/;
const SUBCLASS = /\bextends\s+HttpError\b/;

/** `file:line: text` for each place an error answer is built outside the factories. */
function rawConstructions(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (FACTORIES.has(file)) continue;
    text.split("\n").forEach((line, index) => {
      const subclassHere = SUBCLASS.test(line) && !SUBCLASSES.has(file);
      if (RAW_CONSTRUCTION.test(line) || subclassHere) found.push(`src/${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

function sources(folder: string, files = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) sources(path, files);
    else if (entry.name.endsWith(".ts")) files.set(relative(SOURCE, path), readFileSync(path, "utf8"));
  }
  return files;
}

describe("error answers are built in one factory per API", () => {
  it("no file under src/ builds one outside the factories", () => {
    expect(rawConstructions(sources(SOURCE))).toEqual([]);
  });

  it("the scan names the file and line of a raw construction, a stray helper call and a new subclass", () => {
    const files = new Map([
      ["messaging/queues/routes.ts", 'import x;\n  throw new HttpError(404, "queue gone");\n'],
      ["management/seed.ts", '\n\nthrow namedError("Gone", 410, "gone");'],
      ["search-data/oops.ts", "class Oops extends HttpError {}"],
      ["messaging/errors.ts", 'namedError("NotFound", 404, "x")'],
      ["options/limits.ts", "class LimitReached extends HttpError {}"],
    ]);
    expect(rawConstructions(files)).toEqual([
      'src/messaging/queues/routes.ts:2: throw new HttpError(404, "queue gone");',
      'src/management/seed.ts:3: throw namedError("Gone", 410, "gone");',
      "src/search-data/oops.ts:1: class Oops extends HttpError {}",
    ]);
  });

  it("a factory's error is an HttpError named for its meaning, with the status its API gives it", () => {
    const cases: [HttpError, string, number, string][] = [
      [messagingErrors.notFound("queue", "jobs"), "NotFound", 404, 'queue "jobs" not found'],
      [managementErrors.notFound("search index"), "NotFound", 404, "search index not found"],
      [searchDataErrors.notFound("Namespace", "n"), "NotFound", 400, 'Namespace "n" does not exist'],
      [controlErrors.notFound("inspector action", "x"), "NotFound", 404, 'no inspector action "x"'],
      [httpErrors.bodyNotJson(), "BodyNotJson", 400, "request body is not valid JSON"],
    ];
    for (const [error, meaning, status, message] of cases) {
      expect(error).toBeInstanceOf(HttpError);
      expect({ name: error.name, status: error.status, message: error.message }).toEqual({
        name: meaning,
        status,
        message,
      });
    }
  });
});

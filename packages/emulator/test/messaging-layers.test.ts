// messaging/ in layers (issue 43): records and their stores at the bottom, the engine above them,
// routes on top; a lower layer never imports a higher one, and at every level of folders inside
// src/messaging the folders and files import each other without a circle. Read from the source's
// own imports, as TypeScript reads them.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MESSAGING = resolve(import.meta.dirname, "../src/messaging");

/** Every source file under src/messaging, relative to it ("engine/delivery/send.ts"). */
function sourceFiles(): string[] {
  return readdirSync(MESSAGING, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(MESSAGING, join(entry.parentPath, entry.name)));
}

/** The files of src/messaging each file imports (types included: a type is a dependency too). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const text = readFileSync(join(MESSAGING, file), "utf8");
    const imported = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((entry) => entry.fileName)
      .filter((name) => name.startsWith("."))
      .map((name) => relative(MESSAGING, resolve(MESSAGING, dirname(file), name)))
      .filter((target) => !target.startsWith(".."));
    graph.set(file, imported);
  }
  return graph;
}

/** Which layer a file is in: the shared errors at the ground, the API's module on top. */
const LAYERS = ["errors", "records", "engine", "routes", "profile"] as const;
function layerOf(file: string): number {
  const top = file.split("/")[0]?.replace(/\.ts$/, "") ?? "";
  const layer = LAYERS.indexOf(top as (typeof LAYERS)[number]);
  if (layer < 0) throw new Error(`src/messaging/${file} is in no layer (${LAYERS.join(", ")})`);
  return layer;
}

/** The rooms of one folder: each file and each folder directly in it, as the imports between them. */
function roomsOf(folder: string, graph: Map<string, string[]>): Map<string, Set<string>> {
  const prefix = folder === "" ? "" : `${folder}/`;
  const roomOf = (file: string) =>
    file.startsWith(prefix) ? file.slice(prefix.length).split("/")[0] : undefined;
  const rooms = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = roomOf(file);
    if (from === undefined) continue;
    const arrows = rooms.get(from) ?? new Set<string>();
    rooms.set(from, arrows);
    for (const target of targets) {
      const to = roomOf(target);
      if (to !== undefined && to !== from) arrows.add(to);
    }
  }
  return rooms;
}

/** A circle among the rooms, as the rooms on it, or undefined when there is none. */
function circleIn(rooms: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (room: string): string[] | undefined => {
    if (state.get(room) === "done") return undefined;
    if (state.get(room) === "open") return [...path.slice(path.indexOf(room)), room];
    state.set(room, "open");
    path.push(room);
    for (const next of rooms.get(room) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(room, "done");
    return undefined;
  };
  for (const room of rooms.keys()) {
    const found = visit(room);
    if (found) return found;
  }
  return undefined;
}

function folders(): string[] {
  const all = new Set([""]);
  for (const file of sourceFiles()) {
    const parts = file.split("/").slice(0, -1);
    for (let n = 1; n <= parts.length; n++) all.add(parts.slice(0, n).join("/"));
  }
  return [...all];
}

describe("src/messaging", () => {
  const graph = importGraph();

  it("imports only downwards: records ← engine ← routes ← profile, the errors under all", () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it.each(folders().map((folder) => [folder === "" ? "src/messaging" : `src/messaging/${folder}`, folder]))(
    "has no circle between the folders and files of %s",
    (_name, folder) => {
      expect(circleIn(roomsOf(folder, graph))).toBeUndefined();
    },
  );

  it("names each store …-store.ts and each route module …-routes.ts, in the layer of its role", () => {
    const misplaced = [...graph.keys()].filter((file) => {
      const name = file.split("/").at(-1) ?? "";
      return (
        name === "store.ts" ||
        (name === "routes.ts" && file !== "routes/routes.ts") ||
        (name.endsWith("-store.ts") && !file.startsWith("records/")) ||
        (name.endsWith("-routes.ts") && !file.startsWith("routes/"))
      );
    });
    expect(misplaced).toEqual([]);
  });

  it("reads a real import graph (a guard against a test that sees nothing)", () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get("routes/routes.ts")).toContain("routes/queue-routes.ts");
  });
});

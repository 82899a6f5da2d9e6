import { describe, expect, it } from "vitest";
import { z } from "zod";
import { firstEntry, type Table } from "../../src/storage/table.ts";
import { ENGINES } from "./engines.ts";

const row = z.object({ n: z.number(), tags: z.array(z.string()).optional() });
type Row = z.infer<typeof row>;

const keys = (table: Table<Row>, options = {}) => [...table.scan(options)].map((entry) => entry.key);

describe.each(ENGINES)("a table %s", (_name, makeEngine) => {
  const table = () => makeEngine().table("rows", row);

  it("keeps values by key, in the order they were first put", () => {
    const rows = table();
    rows.put("b", { n: 1 });
    rows.put("a", { n: 2 });
    rows.put("c", { n: 3 });
    rows.put("b", { n: 4 });
    expect(rows.get("b")).toEqual({ n: 4 });
    expect(rows.get("missing")).toBeUndefined();
    expect(rows.has("a")).toBe(true);
    expect(rows.has("missing")).toBe(false);
    expect(keys(rows)).toEqual(["b", "a", "c"]);
    expect(keys(rows, { newestFirst: true })).toEqual(["c", "a", "b"]);
    expect(rows.count()).toBe(3);
  });

  it("orders each group apart, and moves a key that changes group to that group's end", () => {
    const rows = table();
    rows.put("q1-a", { n: 1 }, "q1");
    rows.put("q2-a", { n: 2 }, "q2");
    rows.put("q1-b", { n: 3 }, "q1");
    rows.put("loose", { n: 4 });
    expect(keys(rows, { group: "q1" })).toEqual(["q1-a", "q1-b"]);
    expect(keys(rows, { group: "" })).toEqual(["loose"]);
    expect(rows.count("q1")).toBe(2);
    rows.put("q1-a", { n: 5 }, "q2");
    expect(keys(rows, { group: "q2" })).toEqual(["q2-a", "q1-a"]);
    expect(rows.count("q1")).toBe(1);
    expect(rows.count("q2")).toBe(2);
    expect(keys(rows)).toEqual(["q2-a", "q1-b", "loose", "q1-a"]);
    expect(rows.count("nobody")).toBe(0);
  });

  it("scans from a position on, either way, and never gives a position twice", () => {
    const rows = table();
    for (let n = 0; n < 300; n++) rows.put(`k${n}`, { n });
    const all = [...rows.scan()];
    const middle = all[150]?.position as number;
    expect([...rows.scan({ after: middle })].map((e) => e.value.n)).toEqual(
      Array.from({ length: 149 }, (_, i) => 151 + i),
    );
    expect([...rows.scan({ after: middle, newestFirst: true })].map((e) => e.value.n)).toEqual(
      Array.from({ length: 150 }, (_, i) => 149 - i),
    );
    const last = all[299]?.position as number;
    rows.delete("k299");
    rows.put("k300", { n: 300 });
    expect(firstEntry(rows, { after: middle, newestFirst: false })?.key).toBe("k151");
    expect(firstEntry(rows, { newestFirst: true })?.position).toBeGreaterThan(last);
  });

  it("lets a scan delete what it has seen and what is ahead of it", () => {
    const rows = table();
    for (let n = 0; n < 500; n++) rows.put(`k${n}`, { n }, n % 2 === 0 ? "even" : "odd");
    const seen: number[] = [];
    for (const entry of rows.scan({ group: "even" })) {
      seen.push(entry.value.n);
      rows.delete(entry.key);
      rows.delete(`k${entry.value.n + 300}`);
    }
    expect(seen).toEqual(Array.from({ length: 150 }, (_, i) => i * 2));
    expect(rows.count("even")).toBe(0);
    expect(rows.count("odd")).toBe(250);
    expect(rows.count()).toBe(250);
  });

  it("drops the entries put first, across groups, as a log drops its oldest", () => {
    const rows = table();
    rows.put("a", { n: 1 }, "g");
    rows.put("b", { n: 2 }, "h");
    rows.put("c", { n: 3 }, "g");
    rows.put("a", { n: 4 }, "g");
    expect(rows.dropOldest(0)).toBe(0);
    expect(rows.dropOldest(2)).toBe(2);
    expect(keys(rows)).toEqual(["c"]);
    expect(rows.count("g")).toBe(1);
    expect(rows.count("h")).toBe(0);
    expect(rows.dropOldest(5)).toBe(1);
    expect(rows.count()).toBe(0);
  });

  it("deletes one key, a group, or everything, and counts follow", () => {
    const rows = table();
    rows.put("a", { n: 1 }, "g");
    rows.put("b", { n: 2 }, "g");
    rows.put("c", { n: 3 }, "h");
    expect(rows.count()).toBe(3);
    expect(rows.delete("a")).toBe(true);
    expect(rows.delete("a")).toBe(false);
    expect(rows.count("g")).toBe(1);
    expect(rows.deleteGroup("g")).toBe(1);
    expect(rows.deleteGroup("g")).toBe(0);
    expect(rows.count()).toBe(1);
    rows.clear();
    expect(rows.count()).toBe(0);
    expect(rows.count("h")).toBe(0);
    expect(keys(rows)).toEqual([]);
    rows.put("d", { n: 4 }, "h");
    expect(rows.count("h")).toBe(1);
  });

  it("hands out copies: changing a value read does not change what is stored", () => {
    const rows = table();
    rows.put("a", { n: 1, tags: ["x"] });
    const read = rows.get("a") as Row;
    expect(() => {
      read.n = 2;
      read.tags?.push("y");
    }).toSatisfy((change: () => void) => {
      try {
        change();
      } catch {
        // In memory a value read is frozen: changing it throws.
      }
      return true;
    });
    expect(rows.get("a")).toEqual({ n: 1, tags: ["x"] });
  });

  it("keeps keys that look like object properties as plain keys", () => {
    const rows = table();
    for (const key of ["__proto__", "constructor", "toString"]) rows.put(key, { n: key.length });
    expect(rows.get("__proto__")).toEqual({ n: 9 });
    expect(keys(rows)).toEqual(["__proto__", "constructor", "toString"]);
    expect(rows.get("hasOwnProperty")).toBeUndefined();
  });
});

describe("the memory engine", () => {
  it("freezes what it stores, so a change to a record read must be put back to count", () => {
    const rows = ENGINES[0][1]().table("rows", row);
    const value = { n: 1, tags: ["x"] };
    rows.put("a", value);
    expect(Object.isFrozen(rows.get("a"))).toBe(true);
    expect(() => (value.tags as string[]).push("y")).toThrow(TypeError);
  });
});

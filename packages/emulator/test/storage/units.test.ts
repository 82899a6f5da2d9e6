// Units of work on both engines: a unit's changes all stay or none does, nested units undo only
// their own, and what a table reports afterwards (values, order, counts, groups) is what it was.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { StorageEngine } from "../../src/storage/engine.ts";
import { type Table, valuesOf } from "../../src/storage/table.ts";
import { closeEngine, durableEngine, ENGINES, testFolder } from "./engines.ts";

const row = z.object({ n: z.number() });
type Row = z.infer<typeof row>;

/** What a table holds, as seen from outside: keys in order with values, per group and in all. */
function contents(table: Table<Row>) {
  const all = [...table.scan()].map((entry) => [entry.key, entry.group, entry.value.n]);
  return { all, count: table.count(), a: table.count("a"), b: table.count("b") };
}

function filled(engine: StorageEngine): Table<Row> {
  const table = engine.table("rows", row);
  engine.units.run(() => {
    table.put("k1", { n: 1 }, "a");
    table.put("k2", { n: 2 }, "b");
    table.put("k3", { n: 3 }, "a");
  });
  return table;
}

class Refused extends Error {}

describe.each(ENGINES)("a unit of work (%s)", (_name, makeEngine) => {
  const changes: [string, (table: Table<Row>) => void][] = [
    ["a put of a new key", (table) => table.put("k4", { n: 4 }, "b")],
    ["a put over a value", (table) => table.put("k2", { n: 20 }, "b")],
    ["a put that moves a key to another group", (table) => table.put("k1", { n: 10 }, "b")],
    ["a delete", (table) => table.delete("k1")],
    ["dropOldest", (table) => table.dropOldest(2)],
    ["deleteGroup", (table) => table.deleteGroup("a")],
    ["clear", (table) => table.clear()],
    [
      "several changes, one after another",
      (table) => {
        table.delete("k3");
        table.put("k3", { n: 30 }, "b");
        table.clear();
        table.put("k1", { n: 100 });
      },
    ],
  ];

  it.each(changes)("undone leaves the table as it was (%s)", (_change, change) => {
    const engine = makeEngine();
    const table = filled(engine);
    const before = contents(table);
    expect(() =>
      engine.units.run(() => {
        change(table);
        throw new Refused("undo it");
      }),
    ).toThrow(Refused);
    expect(contents(table)).toEqual(before);
    // Still usable afterwards, and a later put goes to the end of the order.
    engine.units.run(() => table.put("k9", { n: 9 }, "a"));
    expect(contents(table).all.at(-1)).toEqual(["k9", "a", 9]);
  });

  it.each(changes)("kept stays (%s)", (_change, change) => {
    const engine = makeEngine();
    const table = filled(engine);
    const reference = makeEngine().table("rows", row);
    for (const [key, group, n] of contents(table).all)
      reference.put(key as string, { n: n as number }, group as string);
    change(reference);
    engine.units.run(() => change(table));
    expect(contents(table)).toEqual(contents(reference));
  });

  it("undoes an inner unit alone, and the outer one with everything in it", () => {
    const engine = makeEngine();
    const table = filled(engine);
    engine.units.run(() => {
      table.put("outer", { n: 5 });
      expect(() =>
        engine.units.run(() => {
          table.put("inner", { n: 6 });
          throw new Refused("inner");
        }),
      ).toThrow(Refused);
      engine.units.run(() => table.put("kept-inner", { n: 7 }));
    });
    expect([...valuesOf(table.scan())].map((row) => row.n)).toEqual([1, 2, 3, 5, 7]);
    expect(() =>
      engine.units.run(() => {
        engine.units.run(() => table.delete("outer"));
        table.put("more", { n: 8 });
        throw new Refused("outer");
      }),
    ).toThrow(Refused);
    expect([...valuesOf(table.scan())].map((row) => row.n)).toEqual([1, 2, 3, 5, 7]);
  });

  it("undoes a unit whose result `keep` refuses, and hands the result back", () => {
    const engine = makeEngine();
    const table = filled(engine);
    const result = engine.units.run(
      () => {
        table.delete("k2");
        return { status: 404 };
      },
      (answer) => answer.status < 400,
    );
    expect(result).toEqual({ status: 404 });
    expect(table.get("k2")).toEqual({ n: 2 });
  });

  it("tells its listeners when a unit was undone", () => {
    const engine = makeEngine();
    const table = filled(engine);
    let told = 0;
    engine.units.onUndo(() => told++);
    engine.units.run(() => table.delete("k1"));
    expect(told).toBe(0);
    expect(() =>
      engine.units.run(() => {
        table.delete("k2");
        throw new Refused("x");
      }),
    ).toThrow(Refused);
    expect(told).toBe(1);
  });

  it("undoes what a unit did to the SQL database (the search documents' tables) too", () => {
    const engine = makeEngine();
    const db = engine.sql();
    db.write();
    db.exec("CREATE TABLE IF NOT EXISTS notes (text TEXT)");
    engine.units.run(() => {
      db.write();
      db.statement("INSERT INTO notes VALUES (?)").run("kept");
    });
    expect(() =>
      engine.units.run(() => {
        db.write();
        db.statement("INSERT INTO notes VALUES (?)").run("undone");
        throw new Refused("x");
      }),
    ).toThrow(Refused);
    expect(
      db
        .statement("SELECT text FROM notes")
        .all()
        .map((row) => row["text"]),
    ).toEqual(["kept"]);
  });
});

describe("a unit of work on the durable engine", () => {
  it("reaches the file when the outermost unit is kept and commits, and never when undone", () => {
    const file = join(testFolder(), "state.db");
    const engine = durableEngine(file);
    const table = engine.table("rows", row);
    engine.units.run(() => {
      table.put("kept", { n: 1 });
      // Asked inside the unit: it happens as the unit ends.
      engine.commit();
    });
    expect(() =>
      engine.units.run(() => {
        table.put("undone", { n: 2 });
        engine.commit();
        throw new Refused("x");
      }),
    ).toThrow(Refused);
    closeEngine(engine);
    const again = durableEngine(file).table("rows", row);
    expect([...again.scan()].map((entry) => entry.key)).toEqual(["kept"]);
  });
});

describe.each(ENGINES)("tables made on first use, inside units of work (%s)", (_name, makeEngine) => {
  const SCHEMA = "CREATE TABLE IF NOT EXISTS made_late (n INTEGER NOT NULL)";
  const tableExists = (engine: StorageEngine) =>
    engine.sql().statement("SELECT count(*) AS n FROM sqlite_master WHERE name = 'made_late'").get()?.[
      "n"
    ] === 1;

  it("stay when the unit that first needed them is undone before it changed anything else", () => {
    const engine = makeEngine();
    let undone = 0;
    expect(() =>
      engine.units.run(() => {
        const sql = engine.sql();
        sql.define(SCHEMA, () => undone++);
        sql.write();
        sql.statement("INSERT INTO made_late (n) VALUES (1)").run();
        throw new Refused("undo it");
      }),
    ).toThrow(Refused);
    expect(tableExists(engine)).toBe(true);
    expect(engine.sql().statement("SELECT count(*) AS n FROM made_late").get()?.["n"]).toBe(0);
    expect(undone).toBe(0);
  });

  it("go with a unit undone after it had already changed something, and the maker is told", () => {
    const engine = makeEngine();
    const sql = engine.sql();
    sql.define("CREATE TABLE IF NOT EXISTS earlier (n INTEGER)", () => {});
    let undone = 0;
    expect(() =>
      engine.units.run(() => {
        sql.write();
        sql.statement("INSERT INTO earlier (n) VALUES (1)").run();
        sql.define(SCHEMA, () => undone++);
        throw new Refused("undo it");
      }),
    ).toThrow(Refused);
    expect(tableExists(engine)).toBe(false);
    expect(undone).toBe(1);
  });

  it("made in an inner unit that is kept: go with the outer unit undone, stay with it kept", () => {
    const engine = makeEngine();
    const sql = engine.sql();
    sql.define("CREATE TABLE IF NOT EXISTS earlier (n INTEGER)", () => {});
    let undone = 0;
    const nested = (outerFails: boolean) =>
      engine.units.run(() => {
        sql.write();
        sql.statement("INSERT INTO earlier (n) VALUES (1)").run();
        engine.units.run(() => {
          sql.write();
          sql.define(SCHEMA, () => undone++);
        });
        if (outerFails) throw new Refused("undo it");
      });
    expect(() => nested(true)).toThrow(Refused);
    expect([tableExists(engine), undone]).toEqual([false, 1]);
    nested(false);
    expect([tableExists(engine), undone]).toEqual([true, 1]);
  });
});

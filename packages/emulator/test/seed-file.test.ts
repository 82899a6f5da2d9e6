import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SeedFileError } from "../src/index.ts";
import { emulator } from "./helpers.ts";

const FIXTURE = join(import.meta.dirname, "fixtures/seed.yaml");
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function seedFile(name: string, text: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "stashkit-seed-"));
  folders.push(folder);
  const file = join(folder, name);
  await writeFile(file, text);
  return file;
}

async function search(url: string, endpoint: string, token: string, query: string) {
  const response = await fetch(`${url}/search/${endpoint}/search`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, topK: 5 }),
  });
  return ((await response.json()) as { result: { id: string }[] }).result.map((hit) => hit.id);
}

describe("seed files", () => {
  it("a YAML fixture makes its queues, schedules and indexes with documents at start, leaving the log empty", async () => {
    const server = await emulator({ seedFile: FIXTURE });

    expect(server.state.queues["orders"]).toMatchObject({ paused: true, parallelism: 2 });
    expect(server.state.queues["emails"]).toMatchObject({ paused: false, parallelism: 1 });
    const schedules = Object.values(server.state.schedules);
    expect(schedules.map((s) => [s.cron, s.isPaused])).toEqual([
      ["0 3 * * *", false],
      ["*/15 * * * *", true],
    ]);
    const report = server.state.schedules["nightly-report"];
    expect(Buffer.from(report?.body ?? "", "base64").toString()).toBe('{"report":"nightly"}');
    expect(server.requests).toEqual([]);
    const [products] = server.state.indexes;
    expect(products?.index.name).toBe("products");
    const { endpoint, token } = products?.index ?? { endpoint: "", token: "" };
    expect(await search(server.url, endpoint, token, "running shoes")).toEqual(["p1"]);
  });

  it("the same fixture as JSON makes the same state", async () => {
    const file = await seedFile(
      "seed.json",
      JSON.stringify(
        { queues: [{ name: "orders", paused: true }], indexes: [{ name: "products" }] },
        null,
        2,
      ),
    );
    const server = await emulator({ seedFile: file });
    expect(server.state.queues["orders"]?.paused).toBe(true);
    expect(server.state.indexes.map((entry) => entry.index.name)).toEqual(["products"]);
  });

  it("applied twice (a restart with the data file) it adds nothing", async () => {
    const dataFile = join(await seedFile("unused", ""), "..", "state.json");
    const first = await emulator({ seedFile: FIXTURE, dataFile });
    await first.stop();
    const again = await emulator({ seedFile: FIXTURE, dataFile });
    expect(again.state.indexes).toHaveLength(1);
    expect(Object.keys(again.state.schedules)).toHaveLength(3);
  });

  it.each([
    [
      "a wrong type",
      "queues:\n  - name: orders\n    parallelism: two\n",
      3,
      "queues[0].parallelism: Invalid input: expected number, received string",
    ],
    [
      "a misspelt field",
      "queues:\n  - name: orders\n\n    pasued: true\n",
      4,
      'queues[0]: unknown field "pasued"',
    ],
    [
      "a missing field",
      "indexes:\n  - region: eu-west-1\n",
      2,
      "indexes[0].name: Invalid input: expected string, received undefined",
    ],
    ["broken YAML", "queues:\n  - name: [orders\n", 3, "is not valid JSON or YAML"],
    [
      "broken JSON",
      '{\n  "queues": [\n    {"name": "a" "paused": true}\n  ]\n}\n',
      3,
      "is not valid JSON or YAML",
    ],
  ])("%s stops the start with an error naming the line", async (_case, text, line, problem) => {
    const file = await seedFile("bad.yaml", text);
    const started = emulator({ seedFile: file });
    await expect(started).rejects.toBeInstanceOf(SeedFileError);
    await expect(started).rejects.toMatchObject({ line });
    await expect(started).rejects.toThrow(`seed file "${file}" line ${line}: ${problem}`);
  });

  it("an entry the API refuses names its line and stops the start", async () => {
    const file = await seedFile(
      "refused.yaml",
      "schedules:\n  - destination: https://example.com/a\n    cron: '0 3 * * *'\n  - destination: https://example.com/b\n    cron: not a cron\n",
    );
    await expect(emulator({ seedFile: file })).rejects.toThrow(
      new RegExp(`^seed file "${file}" line 4: schedules\\[1\\]: the emulator's API refused it \\(400\\)`),
    );
  });
});

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { timeCommand } from "../src/measure.ts";
import { PHASES, phaseLengths, phasePoints } from "../src/phases.ts";

// A script shaped like an action: a shebang, one request, a debug line about the answer, an
// output, a last line on stdout.
const SCRIPT = `#!/usr/bin/env node
import { appendFileSync } from "node:fs";
const answer = await (await fetch(process.env.BENCH_TEST_URL)).json();
process.stdout.write("::debug::answered\\n");
appendFileSync(process.env.GITHUB_OUTPUT, \`id=\${answer.id}\\n\`);
console.log("done");
`;

describe("timing a run by phase", () => {
  const dir = mkdtempSync(join(tmpdir(), "stashkit-bench-test-"));
  const script = join(dir, "script.mjs");
  const server = createServer((_request, response) => {
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ id: "idx-1" }));
  });
  let env: Record<string, string> = {};
  before(async () => {
    writeFileSync(script, SCRIPT);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    env = { PATH: process.env["PATH"] ?? "", BENCH_TEST_URL: `http://127.0.0.1:${port}/` };
  });
  after(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("finds every phase of a real process, in order, without changing what it writes", async () => {
    const plain = await timeCommand(process.execPath, [script], env);
    const phased = await timeCommand(process.execPath, [script], env, { phases: true });
    assert.equal(plain.exitCode, 0);
    assert.equal(phased.exitCode, 0);
    assert.equal(phased.output, "id=idx-1\n");
    assert.equal(phased.output, plain.output);
    assert.equal(plain.phases, undefined);
    const points = phased.phases ?? {};
    const ends = PHASES.map((phase) => points[phase.ends]);
    assert.ok(
      ends.every((end) => end !== undefined),
      `every phase has an end: ${JSON.stringify(points)}`,
    );
    const sorted = [...(ends as number[])].sort((a, b) => a - b);
    assert.deepEqual(ends, sorted);
  });

  it("takes the first write after the answer that is not a debug line as validated", () => {
    const file = join(dir, "record.json");
    const events = [
      ["entry", 30],
      ["sent", 50],
      ["answered", 110],
      ["write:debug", 112],
      ["write:stdout", 140],
      ["write:output", 141],
      ["write:output", 142],
      ["write:file", 143],
      ["exit", 145],
    ];
    writeFileSync(file, JSON.stringify({ timeOrigin: 1_000_005, events }));
    const points = phasePoints(file, 1_000_000, 160);
    assert.deepEqual(points, {
      started: 5,
      entry: 35,
      sent: 55,
      answered: 115,
      validated: 145,
      written: 147,
      exited: 150,
      reaped: 160,
    });
    assert.deepEqual(phaseLengths(points ?? {}), {
      start: 5,
      load: 30,
      "to first request": 20,
      "answer received": 60,
      "answer validated": 30,
      "outputs written": 2,
      exit: 3,
      teardown: 10,
    });
  });

  it("reads no phases from a process that wrote no record", () => {
    assert.equal(phasePoints(join(dir, "missing.json"), 0, 10), undefined);
  });
});

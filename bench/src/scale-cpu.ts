// `node bench/src/scale-cpu.ts`: the client's CPU time for ensure, delete and prune over an account of
// 20,000 indexes, against the CPU of only fetching and parsing the same listing (the transfer).
// The emulator runs in this process; the client in a child, so only the client's CPU is counted.
import { spawn } from "node:child_process";
import { startEmulator } from "@stashkit/emulator";

const COUNT = 20_000;
const ROUNDS = 3;

if (process.argv[2] === "--child") {
  const { ManagementClient, deleteSearchIndex, ensureSearchIndex, pruneSearchIndexes } = await import(
    "@stashkit/core"
  );
  const [url = "", email = "", apiKey = ""] = process.argv.slice(3);
  const client = new ManagementClient({ email, apiKey, baseUrl: url, env: {} });
  const authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString("base64")}`;
  const cpu = async (fn: () => Promise<unknown>) => {
    const before = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
  const steps: Record<string, () => Promise<unknown>> = {
    "transfer: fetch + JSON.parse": async () =>
      JSON.parse(await (await fetch(`${url}/v2/search`, { headers: { authorization } })).text()),
    "ensure (index exists)": () => ensureSearchIndex(client, { name: "load-19999", region: "us-central1" }),
    "delete by name (dry run)": () => deleteSearchIndex(client, { name: "load-5", dryRun: true }),
    "prune, all 20,000 match (dry run)": () =>
      pruneSearchIndexes(client, {
        pattern: "load-{pr}",
        staleOf: (candidates) => candidates.map(() => false),
        dryRun: true,
      }),
  };
  const results: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, step] of Object.entries(steps)) {
      const used = await cpu(step);
      results[name] = [...(results[name] ?? []), used];
    }
  }
  process.stdout.write(JSON.stringify(results));
} else {
  const server = await startEmulator();
  server.seedSearchIndexes({ count: COUNT, namePrefix: "load" });
  const child = spawn(
    process.execPath,
    [import.meta.filename, "--child", server.url, server.account.email, server.account.apiKey],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  await new Promise((resolve) => child.on("exit", resolve));
  await server.stop();
  const results = JSON.parse(out) as Record<string, number[]>;
  const best = (values: number[]) => Math.min(...values);
  const transfer = best(results["transfer: fetch + JSON.parse"] ?? [0]);
  console.log(`client CPU over ${COUNT.toLocaleString("en")} indexes, best of ${ROUNDS} (ms)\n`);
  for (const [name, values] of Object.entries(results)) {
    const beyond = name.startsWith("transfer")
      ? ""
      : `  beyond transfer ${(best(values) - transfer).toFixed(0)}`;
    console.log(`  ${name.padEnd(36)} ${best(values).toFixed(0).padStart(6)}${beyond}`);
  }
}

#!/usr/bin/env node
// Writes (--write) or checks each reported package's api-report.md: the names its entries export,
// with their kinds (scripts/lib/api-report.ts). Without --write, exits 1 naming the files that differ.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { apiReport, REPORTED_PACKAGES } from "./lib/api-report.ts";

const root = new URL("..", import.meta.url).pathname;
const write = process.argv.includes("--write");
const stale = [];
for (const dir of REPORTED_PACKAGES) {
  const file = join(root, dir, "api-report.md");
  const text = apiReport(root, dir);
  if (existsSync(file) && readFileSync(file, "utf8") === text) continue;
  if (write) {
    writeFileSync(file, text);
    console.log(`api-report: wrote ${dir}/api-report.md`);
  } else stale.push(`${dir}/api-report.md`);
}
if (stale.length > 0) {
  console.error(
    `api-report: ${stale.join(", ")} differ from the packages' exports; run node scripts/api-report.mjs --write`,
  );
  process.exit(1);
}

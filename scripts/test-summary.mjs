#!/usr/bin/env node
// Adds up the JSON reports every vitest run writes (test-results/vitest.json in each package,
// and test-results/vitest-node22.json of the packages run on Node 22 too) and the reliability
// suite's, and prints one closing line, "N passed, M failed", that CI reads. Exits 1 when any
// test failed, when a package with tests wrote no report, or when nothing ran. `pnpm test`
// (scripts/run-tests.mjs) prints the same lines with the stages that failed.
import { coverageNotes, readRows, summaryLines } from "./lib/test-reports.mjs";

const root = new URL("..", import.meta.url).pathname;
const { lines, failed, passed } = summaryLines(readRows(root), [], coverageNotes(root));
console.log(lines.join("\n"));
if (failed > 0 || passed === 0) process.exit(1);

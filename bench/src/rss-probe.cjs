// Preloaded into every Node process the benchmark starts: records its peak resident memory.
const { writeFileSync } = require("node:fs");
const file = process.env.BENCH_RSS_FILE;
if (file) process.on("exit", () => writeFileSync(file, String(process.resourceUsage().maxRSS)));

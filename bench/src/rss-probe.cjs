// Preloaded into every Node process the benchmark starts: records its peak resident memory (KB)
// and the CPU time it used, user and system (microseconds), as "maxRSS user system".
const { writeFileSync } = require("node:fs");
const file = process.env.BENCH_RSS_FILE;
if (file)
  process.on("exit", () => {
    const usage = process.resourceUsage();
    writeFileSync(file, `${usage.maxRSS} ${usage.userCPUTime} ${usage.systemCPUTime}`);
  });

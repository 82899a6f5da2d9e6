// The runner's entry point: everything testable lives in main.ts.
import { run } from "./main.ts";

await run();

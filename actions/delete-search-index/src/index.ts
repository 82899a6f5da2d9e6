// The runner's entry point: everything testable lives in main.ts.
import { runner } from "@stashkit/action-kit";
import { run } from "./main.ts";

runner.writeStdoutDirectly();
await run();

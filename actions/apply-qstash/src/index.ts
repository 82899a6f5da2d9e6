// The runner's entry point: one step, plan, apply or destroy, by the mode input.
import { runner } from "@stashkit/action-kit";
import { run } from "./main.ts";

runner.writeStdoutDirectly();
await run();

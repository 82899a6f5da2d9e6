// The runner's entry point for both steps: the main step, and the post step that cleans up an
// ephemeral index (the main step saves state only when there is something to clean up).
import { isPostStep, runner } from "@stashkit/action-kit";
import { run } from "./main.ts";
import { post } from "./post.ts";

runner.writeStdoutDirectly();
await (isPostStep() ? post() : run());

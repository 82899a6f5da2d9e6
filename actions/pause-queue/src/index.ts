// The runner's entry point for both steps: the main step pauses; the post step resumes what the
// main step paused when resume-after-job asks for it (the main step marks that a post step follows).
import { isPostStep, runner } from "@stashkit/action-kit";
import { run } from "./main.ts";
import { post } from "./post.ts";

runner.writeStdoutDirectly();
await (isPostStep() ? post() : run());

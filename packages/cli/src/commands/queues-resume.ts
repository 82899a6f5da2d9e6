import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import { command } from "./queues.ts";
import type { ResumeFlags } from "./queues-resume.flags.ts";

export const run: (flags: ResumeFlags, context: CommandContext) => Promise<CommandResult> = command("resume");

import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import { command } from "./queues.ts";
import type { PauseFlags } from "./queues-pause.flags.ts";

export const run: (flags: PauseFlags, context: CommandContext) => Promise<CommandResult> = command("pause");

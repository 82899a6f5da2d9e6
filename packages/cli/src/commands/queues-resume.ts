import { command } from "./queues.ts";

export const run = command("resume");

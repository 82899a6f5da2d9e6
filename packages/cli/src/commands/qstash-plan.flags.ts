import type { FlagValues } from "../options/flags.ts";
import { PLAN_FLAGS } from "./qstash.flags.ts";

/** The flags of `stashkit qstash plan`. */
export const FLAGS = PLAN_FLAGS;

export type QStashPlanFlags = FlagValues<typeof FLAGS>;

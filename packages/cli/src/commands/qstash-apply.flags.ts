import type { FlagValues } from "../options/flags.ts";
import { DELETE_FLAGS, PLAN_FLAGS } from "./qstash.flags.ts";

/** The flags of `stashkit qstash apply`. */
export const FLAGS = [...PLAN_FLAGS, ...DELETE_FLAGS] as const;

export type QStashApplyFlags = FlagValues<typeof FLAGS>;

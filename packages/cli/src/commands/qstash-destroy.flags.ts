import type { FlagValues } from "../options/flags.ts";
import { DECLARATION_FLAGS, DELETE_FLAGS } from "./qstash.flags.ts";

/** The flags of `stashkit qstash destroy`. */
export const FLAGS = [...DECLARATION_FLAGS, ...DELETE_FLAGS] as const;

export type QStashDestroyFlags = FlagValues<typeof FLAGS>;

import { type ProtectRule, protectRule } from "@stashkit/core";

/** `--protect`, repeatable (commas separate too): core's rule, the actions' `protect`. */
export function readProtect(flags: { protect?: string[] }): ProtectRule {
  return protectRule(
    (flags.protect ?? []).flatMap((entry) => entry.split(",")),
    "--protect",
  );
}

import type { Logger } from "@stashkit/core";
import * as core from "./runner/commands.ts";

/** The client's logger on the runner: retries as info lines, details as debug. */
export const actionsLogger: Logger = {
  debug: (message) => core.debug(message),
  info: (message) => core.info(message),
  warning: (message) => core.warning(message),
};

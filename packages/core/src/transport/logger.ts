import type { Redactor } from "./redactor.ts";

/** Where the client reports what it does. The actions pass the runner's log commands (action-kit's actionsLogger). */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

export const silentLogger: Logger = { debug() {}, info() {}, warning() {} };

/** Every line passes the redactor first, whatever the logger does with it. */
export function redactingLogger(logger: Logger, redactor: Redactor): Logger {
  return {
    debug: (message) => logger.debug(redactor.redact(message)),
    info: (message) => logger.info(redactor.redact(message)),
    warning: (message) => logger.warning(redactor.redact(message)),
  };
}

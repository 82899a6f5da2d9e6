import { closeSync, fchmodSync, openSync, writeSync } from "node:fs";

/**
 * Writes `text` to `path`, readable by its owner only (0600), also when the file existed with
 * wider permissions before: it may receive tokens.
 */
export function writeSecretFile(path: string, text: string): void {
  const fd = openSync(path, "w", 0o600);
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

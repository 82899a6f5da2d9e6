import type { RunningEmulator } from "@stashkit/emulator";
import { credentialSecrets } from "@stashkit/testing";

/** Every secret a run against `server` could leak: the account's credentials and each index's tokens. */
export function secretsOf(server: RunningEmulator): string[] {
  const tokens = server.state.indexes.flatMap((e) => [e.index.token, e.index.read_only_token]);
  return [...credentialSecrets(server.account), ...tokens];
}

/** A pull_request event for pull request `number`, from a branch of the same repository. */
export const prEvent = (number: number) => ({
  name: "pull_request",
  payload: {
    number,
    pull_request: { number, head: { ref: "feature/x", sha: "abcdef1234567", repo: { fork: false } } },
  },
});

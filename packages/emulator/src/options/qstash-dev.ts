import type { EmulatorOptions } from "./emulator-options.ts";
import type { FlagValues } from "./option-list.ts";

/**
 * QStash's local dev server, as `@upstash/qstash` knows it (`src/dev-server/constants.ts` of
 * qstash-js): public, fixed values baked into the dev server and the SDK, not secrets. With
 * `QSTASH_DEV=true` the SDK sends this token to `http://127.0.0.1:<QSTASH_DEV_PORT or 8080>`,
 * verifies deliveries with these keys, and starts no server of its own when `GET /v2/keys` with
 * the token answers exactly these keys.
 */
export const QSTASH_DEV_SERVER = {
  token: "eyJVc2VySUQiOiJkZWZhdWx0VXNlciIsIlBhc3N3b3JkIjoiZGVmYXVsdFBhc3N3b3JkIn0=",
  signingKeys: { current: "sig_7kYjw48mhY7kAjqNGcy6cr29RJ6r", next: "sig_5ZB6DVzB1wjE8S6rZ7eenA8Pdnhs" },
  port: 8080,
  portVariable: "QSTASH_DEV_PORT",
} as const;

/**
 * The options with the dev server's credentials in place: its token first among the messaging
 * tokens (the one handed out; any `--token` is accepted beside it), and its signing keys, which
 * win over keys given or kept in a data file, since the SDK's probe asks for exactly these.
 * `notice` hears of keys given that are set aside, as the SDK warns of the keys it ignores.
 */
export function withQStashDev(options: EmulatorOptions, notice: (line: string) => void): EmulatorOptions {
  if (options.qstashDev !== true) return options;
  const given = options.signingKeys;
  if (given?.current !== undefined || given?.next !== undefined) {
    notice(
      "--qstash-dev signs with the dev server's public keys (the SDK's dev mode verifies with them): the signing keys given are not used",
    );
  }
  return {
    ...options,
    messagingTokens: [QSTASH_DEV_SERVER.token, ...(options.messagingTokens ?? [])],
    signingKeys: { ...QSTASH_DEV_SERVER.signingKeys },
  };
}

/**
 * The port the command lines use with `--qstash-dev` when none is given (flag or `STASHKIT_PORT`):
 * the SDK's, read from `QSTASH_DEV_PORT` as the SDK reads it (a positive whole number, else 8080),
 * so that both meet on the same port.
 */
export function qstashDevPort(values: FlagValues, env: NodeJS.ProcessEnv): FlagValues {
  const on = values["qstash-dev"];
  if (!(on === true || on === "true" || on === "1") || values["port"] !== undefined) return values;
  const parsed = Number.parseInt(env[QSTASH_DEV_SERVER.portVariable] ?? "", 10);
  const port = Number.isNaN(parsed) || parsed <= 0 ? QSTASH_DEV_SERVER.port : parsed;
  return { ...values, port: String(port) };
}

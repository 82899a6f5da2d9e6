import { isIP } from "node:net";
import { DEFAULT_ACCOUNT, DEFAULT_MESSAGING_TOKEN, type EmulatorOptions } from "./emulator-options.ts";

/** Whether `host` keeps the emulator to this machine: `localhost` or a loopback address. */
export function bindsLoopbackOnly(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === "localhost") return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  return bare === "::1" || /^::ffff:127\./i.test(bare);
}

/** Which of the public default credentials the emulator accepts: "messaging token", "account", both, or none. */
function publicCredentials(options: EmulatorOptions): string | undefined {
  // The dev server's token (--qstash-dev) is public too: it is a constant of the SDK.
  const token =
    options.qstashDev === true ||
    (options.messagingTokens ?? [DEFAULT_MESSAGING_TOKEN]).includes(DEFAULT_MESSAGING_TOKEN);
  const account = (options.accounts ?? [DEFAULT_ACCOUNT]).some(
    (a) => a.email === DEFAULT_ACCOUNT.email && a.apiKey === DEFAULT_ACCOUNT.apiKey,
  );
  if (token && account) return "messaging token and account";
  if (token) return "messaging token";
  return account ? "account" : undefined;
}

/**
 * Why an emulator that listens beyond loopback with a public default credential (the image's
 * settings) is exposed, as `{ line, short }`: the command's stderr line and its banner's. Anyone
 * who reaches the port can publish to any address the host reaches (callbacks carry the answers
 * back) and list every index with its tokens. Undefined on loopback, or with credentials of
 * one's own. A warning, not a refusal: a container listens on 0.0.0.0 inside a network of its
 * own, and the recipes depend on that.
 */
export function exposureWarning(
  options: EmulatorOptions,
  port: number,
): { line: string; short: string } | undefined {
  const host = options.host ?? "127.0.0.1";
  const which = publicCredentials(options);
  if (bindsLoopbackOnly(host) || which === undefined) return undefined;
  const short = `listening beyond loopback with the public default ${which}`;
  return {
    short,
    line: `listening on ${host} (beyond loopback) with the public default ${which}: anyone who reaches port ${port} can publish to any address this machine reaches and read every search index's tokens; give your own (--token and --account, or STASHKIT_TOKEN and STASHKIT_ACCOUNT), or bind 127.0.0.1`,
  };
}

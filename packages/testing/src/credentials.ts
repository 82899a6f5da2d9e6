import { DEFAULT_ACCOUNT, DEFAULT_MESSAGING_TOKEN } from "@stashkit/emulator/internal";

export interface ManagementAccount {
  email: string;
  apiKey: string;
}

/** The Authorization header of the management API for an account. */
export function basicAuthorization(account: ManagementAccount): string {
  return `Basic ${Buffer.from(`${account.email}:${account.apiKey}`).toString("base64")}`;
}

/**
 * Every form the emulator's default credentials (or the given ones) take: what a leak check looks
 * for. The email alone, and the Basic value with and without padding and in base64url, as an API
 * could echo them.
 */
export function credentialSecrets(
  account: ManagementAccount = DEFAULT_ACCOUNT,
  messagingToken: string = DEFAULT_MESSAGING_TOKEN,
): string[] {
  const pair = Buffer.from(`${account.email}:${account.apiKey}`);
  const basic = pair.toString("base64");
  return [
    ...new Set([
      account.apiKey,
      account.email,
      pair.toString(),
      basic,
      basic.replace(/=+$/, ""),
      pair.toString("base64url"),
      messagingToken,
    ]),
  ];
}

/** The environment an action step gets its emulator credentials from. */
export function managementEnv(account: ManagementAccount = DEFAULT_ACCOUNT): Record<string, string> {
  return { UPSTASH_EMAIL: account.email, UPSTASH_API_KEY: account.apiKey };
}

export function messagingEnv(token: string = DEFAULT_MESSAGING_TOKEN): Record<string, string> {
  return { QSTASH_TOKEN: token };
}

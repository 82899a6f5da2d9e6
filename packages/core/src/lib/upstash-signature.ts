/** How long a signature is valid: the service's are valid five minutes. */
const LIFETIME_SECONDS = 5 * 60;

/**
 * An `Upstash-Signature` as QStash signs a delivery: a JWT signed HS256 with `key`, with the
 * claims the official receivers check (issuer "Upstash", subject the destination URL, issued-at,
 * not-before, expiry, a unique id) and `body`, the base64url SHA-256 of the body. The JWT library
 * and hashing load on first use: only `workflow check-deploy` and `doctor --probe` sign.
 */
export async function upstashSignature(options: {
  key: string | Uint8Array;
  url: string;
  body: string;
}): Promise<string> {
  const [{ SignJWT }, { createHash, randomUUID }] = await Promise.all([import("jose"), import("node:crypto")]);
  const now = Math.floor(Date.now() / 1000);
  const key = typeof options.key === "string" ? new TextEncoder().encode(options.key) : options.key;
  return await new SignJWT({ body: createHash("sha256").update(options.body).digest("base64url") })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("Upstash")
    .setSubject(options.url)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + LIFETIME_SECONDS)
    .setJti(`jwt_${randomUUID().replaceAll("-", "")}`)
    .sign(key);
}

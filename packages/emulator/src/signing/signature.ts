import { createHash, randomUUID } from "node:crypto";

// Loaded on the first delivery, not at start: the JWT module costs more start time than the
// whole emulator did without it.
let jwtSign: Promise<typeof import("jose/jwt/sign")> | undefined;

/** How long a signature stays valid; the service's tokens live five minutes. */
const LIFETIME_SECONDS = 5 * 60;

/**
 * The `Upstash-Signature` of one delivery: a JWT signed HS256 with the current signing key,
 * with the claims the service documents and the official receivers check: issuer "Upstash",
 * subject the destination URL, issued-at / not-before / expiry, a unique id, and `body`, the
 * base64url SHA-256 of the body. Times are real (not the emulator's test clock), because the
 * receiver compares them with its own clock.
 */
export async function signDelivery(options: { key: string; url: string; body: Buffer }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const bodyHash = createHash("sha256").update(options.body).digest("base64url");
  jwtSign ??= import("jose/jwt/sign");
  const { SignJWT } = await jwtSign;
  return await new SignJWT({ body: bodyHash })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("Upstash")
    .setSubject(options.url)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + LIFETIME_SECONDS)
    .setJti(`jwt_${randomUUID().replaceAll("-", "")}`)
    .sign(new TextEncoder().encode(options.key));
}

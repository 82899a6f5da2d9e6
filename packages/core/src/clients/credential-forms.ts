/** The value after "Basic ": base64 of `email:apiKey`. A secret in its own right. */
export function basicCredential(email: string, apiKey: string): string {
  return Buffer.from(`${email}:${apiKey}`).toString("base64");
}

/**
 * Every form the management credentials are sent or may be echoed back in: the key, the email,
 * `email:key`, its Basic value in base64 with and without padding and in base64url with and
 * without padding. Percent-encoded forms are added by the redactor (and by the runner's
 * masking, which action-kit gives the same list plus those forms).
 */
export function managementCredentialForms(email: string, apiKey: string): string[] {
  if (email === "" || apiKey === "") return [apiKey, email].filter((v) => v !== "");
  const pair = `${email}:${apiKey}`;
  const basic = basicCredential(email, apiKey);
  const unpadded = basic.replace(/=+$/, "");
  const url = unpadded.replace(/\+/g, "-").replace(/\//g, "_");
  return [...new Set([apiKey, email, pair, basic, unpadded, url, url + basic.slice(unpadded.length)])];
}

/** The messaging token is sent as a Bearer token only; the redactor adds its percent-encoded form. */
export function messagingCredentialForms(token: string): string[] {
  return token === "" ? [] : [token];
}

/** A form as it would appear in a URL or form body, when that differs. */
export function withPercentEncoded(forms: string[]): string[] {
  return [...new Set(forms.flatMap((form) => [form, encodeURIComponent(form)]))];
}

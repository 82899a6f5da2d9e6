/** Credentials inside a URL (`https://user:password@host`) become `***`. */
export function redactUrl(text: string): string {
  return text.replace(/\/\/[^/@\s]+@/g, "//***@");
}

/** The request log's `Bearer [redacted]` as the page shows it: the scheme, then `***`. */
export function redactAuthorization(authorization: string): string {
  return authorization === "none" ? "none" : `${authorization.split(" ", 1)[0]} ***`;
}

/** A URL for the page: no credentials, and no query values (they often carry tokens). */
export function redactDestination(destination: string): string {
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return redactUrl(destination);
  }
  if (url.username !== "" || url.password !== "") {
    url.username = "***";
    url.password = "";
  }
  for (const key of new Set(url.searchParams.keys())) url.searchParams.set(key, "***");
  return decodeURI(url.toString());
}

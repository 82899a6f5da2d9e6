import { ConfigurationError } from "../errors/index.ts";

/** `https://app.example.com=http://localhost:3000`: URLs under `from` go under `to` instead. */
export interface RewriteRule {
  from: URL;
  to: URL;
}

function ruleUrl(text: string, input: string, side: "from" | "to", rule: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigurationError(input, `${input} ${JSON.stringify(rule)}: ${side} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ConfigurationError(input, `${input} ${JSON.stringify(rule)}: ${side} must be an http(s) URL`);
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    throw new ConfigurationError(
      input,
      `${input} ${JSON.stringify(rule)}: ${side} is a base URL: no query, fragment or credentials`,
    );
  }
  // A base without its trailing slash, so that both spellings mean the same.
  url.pathname = url.pathname.replace(/\/+$/, "") || "/";
  return url;
}

/**
 * Reads `--rewrite FROM=TO` values (the first `=` separates them): each an http(s) base URL
 * without query or credentials, no `from` given twice.
 */
export function parseRewriteRules(values: readonly string[], input: string): RewriteRule[] {
  const rules: RewriteRule[] = [];
  for (const value of values) {
    const at = value.indexOf("=");
    if (at <= 0 || at === value.length - 1) {
      throw new ConfigurationError(
        input,
        `${input} must look like https://app.example.com=http://localhost:3000; got ${JSON.stringify(value)}`,
      );
    }
    const from = ruleUrl(value.slice(0, at).trim(), input, "from", value);
    const to = ruleUrl(value.slice(at + 1).trim(), input, "to", value);
    if (rules.some((rule) => rule.from.href === from.href))
      throw new ConfigurationError(input, `${input}: ${from.href} is rewritten twice`);
    rules.push({ from, to });
  }
  return rules;
}

/** Whether `path` is `base` or below it, segment by segment (`/api` holds `/api/x`, not `/apix`). */
function under(path: string, base: string): boolean {
  return base === "/" || path === base || path.startsWith(`${base}/`);
}

/**
 * `url` with the longest matching rule applied (its path below the rule's base, query and
 * fragment kept), or undefined when no rule matches.
 */
export function rewriteUrl(url: string, rules: readonly RewriteRule[]): string | undefined {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return undefined;
  }
  let best: RewriteRule | undefined;
  for (const rule of rules) {
    if (rule.from.origin !== target.origin || !under(target.pathname, rule.from.pathname)) continue;
    if (best === undefined || rule.from.pathname.length > best.from.pathname.length) best = rule;
  }
  if (best === undefined) return undefined;
  const rest =
    best.from.pathname === "/" ? target.pathname : target.pathname.slice(best.from.pathname.length);
  const base = best.to.pathname === "/" ? "" : best.to.pathname;
  const path = `${base}${rest}` || "/";
  return `${best.to.origin}${path}${target.search}${target.hash}`;
}

/** Whether a URL points at this machine: what a replay may deliver to without a rewrite. */
export function isLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * A route table small enough to read at a glance. Patterns are literal segments,
 * `:param` segments and an optional trailing `*rest` that captures the remainder
 * of the path verbatim (the enqueue route carries a whole URL there).
 */
export interface RouteMatch<T> {
  route: T;
  pattern: string;
  params: Record<string, string>;
}

interface CompiledRoute<T> {
  method: string;
  pattern: string;
  segments: string[];
  route: T;
}

export class Router<T> {
  readonly #routes: CompiledRoute<T>[] = [];

  add(method: string, pattern: string, route: T): this {
    this.#routes.push({ method, pattern, segments: pattern.split("/").slice(1), route });
    return this;
  }

  /** Returns the match, or `"method-not-allowed"` when the path exists under another method. */
  match(method: string, path: string): RouteMatch<T> | "method-not-allowed" | undefined {
    const parts = path.split("/").slice(1);
    let pathKnown = false;
    for (const candidate of this.#routes) {
      const params = matchSegments(candidate.segments, parts);
      if (!params) continue;
      if (candidate.method !== method) {
        pathKnown = true;
        continue;
      }
      return { route: candidate.route, pattern: `${candidate.method} ${candidate.pattern}`, params };
    }
    return pathKnown ? "method-not-allowed" : undefined;
  }
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (segment.startsWith("*")) {
      const rest = parts.slice(i).join("/");
      if (rest === "") return undefined;
      params[segment.slice(1)] = rest;
      return params;
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.startsWith(":")) {
      if (part === "") return undefined;
      params[segment.slice(1)] = safeDecode(part);
    } else if (segment !== part) {
      return undefined;
    }
  }
  return parts.length === segments.length ? params : undefined;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

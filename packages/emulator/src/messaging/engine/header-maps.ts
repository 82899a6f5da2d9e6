/** `My-Header` for `my-header`: the spelling the service uses in its `header` maps. */
export function canonicalHeaderName(name: string): string {
  return name
    .split("-")
    .map((part) => (part === "" ? part : part[0]?.toUpperCase() + part.slice(1)))
    .join("-");
}

/** Headers as the service's answers and callbacks hold them: canonical names, each with its values. */
export function headerMap(headers: Record<string, string>): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers)) map[canonicalHeaderName(name)] = [value];
  return map;
}

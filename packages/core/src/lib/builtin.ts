import { createRequire } from "node:module";

const requireBuiltin = createRequire(import.meta.url);

/** The built-ins core loads on first use, by name. */
interface Builtins {
  "node:crypto": typeof import("node:crypto");
  "node:http": typeof import("node:http");
  "node:https": typeof import("node:https");
  "node:net": typeof import("node:net");
  "node:stream": typeof import("node:stream");
  "node:v8": typeof import("node:v8");
  "node:zlib": typeof import("node:zlib");
}

/**
 * A Node built-in loaded when first asked for, not with the module that uses it: a step that
 * never hashes a name, never checks an http: host and never decodes a compressed answer loads
 * none of node:crypto, node:net or node:zlib (bench S4). Through `createRequire`, as
 * `process.getBuiltinModule` is missing from Node 22.0-22.2, which core supports.
 */
export function builtin<Name extends keyof Builtins>(name: Name): Builtins[Name] {
  return requireBuiltin(name) as Builtins[Name];
}

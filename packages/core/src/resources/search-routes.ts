import { DEFAULT_NAMESPACE, validateNamespace } from "../schemas/search-data-inputs.ts";
import type { CallOptions } from "../transport/call-options.ts";

/** Where a data-plane call goes: a namespace of the index ("" or none: the default one). */
export interface NamespaceOptions extends CallOptions {
  namespace?: string;
}

/**
 * The data plane's path for a route, as the official SDKs build it: `/{route}` for the default
 * namespace, `/{route}/{namespace}` for another. The namespace is checked and encoded.
 */
export function route(name: string, options: { namespace?: string }): string {
  const namespace = validateNamespace(options.namespace ?? DEFAULT_NAMESPACE);
  return namespace === DEFAULT_NAMESPACE ? `/${name}` : `/${name}/${encodeURIComponent(namespace)}`;
}

/** The namespace in words, for messages: `in namespace "movies"`, `in the default namespace`. */
export function inNamespace(options: { namespace?: string }): string {
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;
  return namespace === DEFAULT_NAMESPACE
    ? "in the default namespace"
    : `in namespace ${JSON.stringify(namespace)}`;
}

/** The call's own options alone, without the method's. */
export function callOf(options: CallOptions): CallOptions {
  return { signal: options.signal, deadline: options.deadline };
}

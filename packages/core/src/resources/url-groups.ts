import { validateQueueName } from "../schemas/inputs.ts";
import { type UrlGroup, urlGroupListSchema, urlGroupSchema } from "../schemas/url-group.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { del, get, post, Resource } from "./resource.ts";

/** An endpoint to add (a URL, and a name to know it by) or to remove (by name, or by URL). */
export type EndpointInput = { name?: string; url: string } | { name: string; url?: string };

/**
 * URL groups of the messaging API (`/v2/topics`): adding endpoints creates the group, and a
 * group whose last endpoint is removed is deleted. Names take the characters queue names take.
 */
export class UrlGroupsResource extends Resource {
  async list(call?: CallOptions): Promise<UrlGroup[]> {
    return this.read(get("/v2/topics", "list URL groups"), urlGroupListSchema, call);
  }

  async get(name: string, call?: CallOptions): Promise<UrlGroup> {
    return this.read(get(path(name), `get URL group ${name}`), urlGroupSchema, call);
  }

  /** Adds (or replaces, by name or URL) endpoints; creates the group when it does not exist. */
  async addEndpoints(name: string, endpoints: readonly EndpointInput[], call?: CallOptions): Promise<void> {
    const body = { endpoints };
    await this.send(post(`${path(name)}/endpoints`, `add endpoints to URL group ${name}`, { body }), call);
  }

  /** Removes endpoints; removing the last one deletes the group. */
  async removeEndpoints(
    name: string,
    endpoints: readonly EndpointInput[],
    call?: CallOptions,
  ): Promise<void> {
    const request = {
      ...del(`${path(name)}/endpoints`, `remove endpoints from URL group ${name}`),
      body: { endpoints },
    };
    await this.send(request, call);
  }

  async delete(name: string, call?: CallOptions): Promise<void> {
    await this.send(del(path(name), `delete URL group ${name}`), call);
  }
}

function path(name: string): string {
  return `/v2/topics/${encodeURIComponent(validateQueueName(name, "URL group name"))}`;
}

import type { ManagementClient } from "../clients/management-client.ts";
import { validateIndexName } from "../schemas/inputs.ts";
import { type ProtectRule, refuseProtected } from "../templates/protect.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { deleteById } from "./delete-by-id.ts";

/** Which index: its name and id. */
export interface IndexRef {
  name: string;
  id: string;
}

export interface DeleteSearchIndexInput extends CallOptions {
  name: string;
  /** Report what would be deleted, delete nothing. */
  dryRun?: boolean;
  /** Names never deleted (a production index): refused before anything is sent. */
  protect?: ProtectRule | undefined;
  /** What the caller calls `name`, for messages. Default `name`. */
  nameInput?: string;
}

/**
 * Deletes every index with exactly this name. The API deletes by id, so the name is looked up
 * first. Idempotent: no index with the name is success with nothing deleted, and a 404 during a
 * delete (another run deleted it first) counts as done.
 */
export async function deleteSearchIndex(
  client: ManagementClient,
  input: DeleteSearchIndexInput,
): Promise<IndexRef[]> {
  const name = validateIndexName(input.name, input.nameInput);
  refuseProtected(input.protect, name, { input: input.nameInput ?? "name", action: "delete" });
  const call = { signal: input.signal, deadline: input.deadline };
  // Each match is checked in full before its id goes into a path.
  const matches = await client.searchIndexes.findByName(name, call);
  if (!input.dryRun) for (const index of matches) await deleteById(client, index.id, call);
  return matches.map((index) => ({ name: index.name, id: index.id }));
}

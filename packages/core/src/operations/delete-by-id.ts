import type { ManagementClient } from "../clients/management-client.ts";
import { NotFoundError } from "../errors/index.ts";
import type { CallOptions } from "../transport/call-options.ts";

/** Deletes one index by id; one that is already gone counts as deleted. */
export async function deleteById(
  client: ManagementClient,
  id: string,
  call: CallOptions = {},
): Promise<void> {
  try {
    await client.searchIndexes.delete(id, call);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
}

import { markdownTable } from "@stashkit/action-kit";
import type { EnsureResult } from "@stashkit/core";

/** The job summary: what the index is, never a token, the endpoint only when it is not masked. */
export function ensureSummary(result: EnsureResult, maskEndpoint: boolean): string {
  const { index } = result;
  const table = markdownTable(
    ["name", "id", "region", "type", "endpoint", "created"],
    [
      [
        index.name,
        index.id,
        index.region,
        index.type,
        maskEndpoint ? "(masked)" : index.endpoint,
        String(result.created),
      ],
    ],
  );
  const warnings = result.warnings.map((warning) => `> [!WARNING]\n> ${warning}`).join("\n\n");
  return `### Search index ${result.created ? "created" : "found"}\n\n${table}\n${warnings ? `\n${warnings}\n` : ""}`;
}

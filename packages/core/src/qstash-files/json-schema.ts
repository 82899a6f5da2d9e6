import * as z from "../schemas/zod.ts";
import { declarationSchema } from "./declaration-schema.ts";

/**
 * The JSON Schema of the declaration file, made from the schema that checks it (one
 * declaration): what `packages/core/qstash.schema.json` holds for editors, and a test holds it to this.
 */
export function declarationJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(declarationSchema(), { target: "draft-2020-12" }),
    $id: "https://raw.githubusercontent.com/stashkit/stashkit/main/packages/core/qstash.schema.json",
    title: "stashkit.qstash.yaml",
  };
}

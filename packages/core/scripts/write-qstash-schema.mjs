#!/usr/bin/env node
// Writes qstash.schema.json, the declaration file's JSON Schema for editors, from the schema that
// checks the file (core's dist/: `pnpm run build` first). A test fails while the two differ.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { declarationJsonSchema } from "../dist/internal.js";

const file = join(import.meta.dirname, "../qstash.schema.json");
writeFileSync(file, `${JSON.stringify(declarationJsonSchema(), null, 2)}\n`);
console.log(`wrote ${file}`);

#!/usr/bin/env node
// Writes qstash.schema.json, the declaration file's JSON Schema for editors, from the schema that
// checks the file (core's dist/: `pnpm run build` first), then formats it as biome does. A test
// fails while the two differ.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { declarationJsonSchema } from "../dist/internal.js";

const file = join(import.meta.dirname, "../qstash.schema.json");
writeFileSync(file, `${JSON.stringify(declarationJsonSchema(), null, 2)}\n`);
execFileSync("npx", ["biome", "format", "--write", file], { stdio: "ignore" });
console.log(`wrote ${file}`);

#!/usr/bin/env node
// Checks the repository's workflows against its security rules (see lib/workflow-policy.ts):
// read-only top-level permissions, actions pinned by SHA, no
// pull_request_target checkout of untrusted code, no secrets in jobs forks can trigger.
import { readdirSync, readFileSync } from "node:fs";
import { workflowViolations } from "./lib/workflow-policy.ts";

const dir = ".github/workflows";
const violations = readdirSync(dir)
  .filter((file) => /\.ya?ml$/.test(file))
  .flatMap((file) => workflowViolations(file, readFileSync(`${dir}/${file}`, "utf8")));
for (const violation of violations) console.error(`workflow policy: ${violation}`);
if (violations.length > 0) process.exit(1);
console.log("workflow policy: every workflow follows the rules");

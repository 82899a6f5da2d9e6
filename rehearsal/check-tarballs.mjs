#!/usr/bin/env node
// Reads each published package back from the rehearsal's registry, as an installer would, and
// checks it: the version is the one released and tagged latest, no `workspace:` range is left
// in its dependencies, and its tarball holds exactly what allowlist.json allows and requires.
//
// Usage: node rehearsal/check-tarballs.mjs <registry URL> <version> <package name>…
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { matchesGlob } from "node:path";

const [registry, version, ...names] = process.argv.slice(2);
if (!registry || !version || names.length === 0) {
  console.error("check-tarballs: usage: check-tarballs.mjs <registry URL> <version> <package name>…");
  process.exit(2);
}
const allowlist = JSON.parse(readFileSync(new URL("allowlist.json", import.meta.url), "utf8"));

const listed = Object.keys(allowlist.packages).sort();
if (listed.join() !== [...names].sort().join()) {
  console.error(`check-tarballs: the workflow publishes ${names.join(", ")}; allowlist.json lists ${listed}`);
  process.exit(1);
}

let problems = 0;
for (const name of names) {
  const found = await check(name);
  for (const problem of found) console.error(`rehearsal:   ${name}: ${problem}`);
  problems += found.length;
}
process.exit(problems === 0 ? 0 : 1);

/** What is wrong with one published package; empty when nothing is. */
async function check(name) {
  const packument = await getJson(`${registry}${name.replace("/", "%2f")}`);
  const manifest = packument.versions?.[version];
  if (!manifest) return [`no version ${version} on the registry`];
  const problems = [];
  if (packument["dist-tags"]?.latest !== version) problems.push(`latest is not ${version}`);
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
      if (range.startsWith("workspace:")) problems.push(`${field} keeps ${dependency}@${range}`);
    }
  }
  const files = await tarballFiles(manifest.dist.tarball);
  const rules = allowlist.packages[name];
  const allowed = [...rules.required, ...rules.allowed];
  for (const file of files) {
    if (allowlist.never.some((glob) => matchesGlob(file, glob))) problems.push(`ships ${file}`);
    else if (!allowed.some((glob) => matchesGlob(file, glob)))
      problems.push(`${file} is not on the allowlist`);
  }
  for (const file of rules.required) if (!files.includes(file)) problems.push(`${file} is missing`);
  if (problems.length === 0)
    console.log(`rehearsal:   ${name}@${version}: ${files.length} files, as allowed`);
  return problems;
}

/** The paths in a tarball, without npm's leading package/ folder. */
async function tarballFiles(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  const tarball = Buffer.from(await response.arrayBuffer());
  const listing = execFileSync("tar", ["-tz"], { input: tarball, encoding: "utf8" });
  return listing
    .split("\n")
    .filter((line) => line !== "" && !line.endsWith("/"))
    .map((line) => line.replace(/^package\//, ""));
}

async function getJson(url) {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok && response.status !== 404) throw new Error(`GET ${url}: ${response.status}`);
  return response.ok ? response.json() : {};
}

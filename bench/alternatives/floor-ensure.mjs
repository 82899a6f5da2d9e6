// The floor for any JavaScript action: plain Node with global fetch, listing (and creating
// when missing, then confirming), writing the same outputs the action writes. No retries,
// no validation, no masking: the least any JavaScript step can do.
import { appendFileSync } from "node:fs";

const base = process.env.FLOOR_BASE_URL;
const name = process.env.FLOOR_NAME;
const headers = {
  authorization: `Basic ${Buffer.from(`${process.env.UPSTASH_EMAIL}:${process.env.UPSTASH_API_KEY}`).toString("base64")}`,
  "content-type": "application/json",
};
const list = async () =>
  (await (await fetch(`${base}/v2/search`, { headers })).json()).filter((i) => i.name === name);
let [index] = await list();
let created = false;
if (!index) {
  await fetch(`${base}/v2/search`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name, region: "eu-west-1", type: "free" }),
  });
  [index] = await list();
  created = true;
}
const outputs = {
  id: index.id,
  name: index.name,
  region: index.region,
  type: index.type,
  endpoint: index.endpoint,
  "rest-url": `https://${index.endpoint}-search.upstash.io`,
  token: index.token,
  "read-only-token": index.read_only_token,
  created: String(created),
};
appendFileSync(
  process.env.GITHUB_OUTPUT,
  Object.entries(outputs)
    .map(([k, v]) => `${k}=${v}\n`)
    .join(""),
);

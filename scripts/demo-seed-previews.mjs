// The demo's seeding step (scripts/demo.mjs calls it): pull request #43's preview is cloned from
// #42's (seeded from a file by the ensure step before it), then searched through the official
// @upstash/search SDK with the rest-url and token the step handed over, as an app would.
import { join } from "node:path";
import { runAction } from "@stashkit/testing";
import { Search } from "@upstash/search";

export async function seedPreviews({ emulator, root, heading, show, managementEnv, from }) {
  heading(`ensure-search-index for pull request #43, cloned from ${from} (its SDK index movies)`);
  const event = { name: "pull_request", payload: { number: 43, pull_request: { number: 43 } } };
  const cloned = await runAction({
    actionDir: join(root, "actions/ensure-search-index"),
    inputs: { name: "shop-pr-{pr}", region: "eu-west-1", "base-url": emulator.url, "clone-from": from },
    env: managementEnv,
    event,
  });
  show(cloned);

  heading("The app's search, through the official @upstash/search SDK, with the step's rest-url and token");
  const client = new Search({
    url: cloned.outputs["rest-url"],
    token: cloned.outputs.token,
    enableTelemetry: false,
  });
  const hits = await client.index("movies").search({ query: "space station", limit: 3 });
  for (const hit of hits) console.log(`  ${hit.id}  ${hit.content.title}  (score ${hit.score.toFixed(2)})`);

  // Pull request #43 closes too: its preview goes, like #42's after this step.
  await runAction({
    actionDir: join(root, "actions/delete-search-index"),
    inputs: { name: "shop-pr-{pr}", "base-url": emulator.url },
    env: managementEnv,
    event: { name: "pull_request", payload: { ...event.payload, action: "closed" } },
  });
  return cloned.exitCode === 0 && cloned.outputs.seeded !== "0" && hits.length > 0;
}

// Run by the release rehearsal in a new project that installed @stashkit/testcontainers from the
// rehearsal's registry: it loads as an ES module with its dependencies, and names the image a
// release of the same version pushes. Usage: node testcontainers.mjs <expected version>
import assert from "node:assert/strict";
import { DEFAULT_IMAGE, StashkitEmulatorContainer } from "@stashkit/testcontainers";

const [expected] = process.argv.slice(2);
assert.equal(DEFAULT_IMAGE, `ghcr.io/stashkit/stashkit-emulator:${expected}`);
const container = new StashkitEmulatorContainer().withSearchIndex("shop");
assert.equal(typeof container.start, "function");
console.log(`testcontainers ${expected}: names ${DEFAULT_IMAGE}`);

#!/usr/bin/env node
// The package's command. It is a committed file rather than dist/bin.js itself because a
// workspace install links bins before anything is built, and a bin whose file does not
// exist yet makes every `pnpm install` warn.
import "../dist/bin.js";

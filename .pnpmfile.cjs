// pnpm loads this file first, for every command (install, run, exec), before it reads a package
// or prints an engine warning: the one place where a Node too old for this workspace can be
// refused in one line (scripts/check-node.cjs) rather than after 17 warnings and a crash. It
// defines no hooks, so the lockfile and what is installed stay as they are.
require("./scripts/check-node.cjs").requireNode();

module.exports = {};

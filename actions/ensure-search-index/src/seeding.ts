// What main loads only when a seed is asked for, behind one dynamic import: two imports made
// two lazily loaded chunks that each carried the ~400 lines both modules share.

export { type SeedReport, seedEnsured } from "./seed.ts";
export { readSeedInputs, type SeedInputs } from "./seed-inputs.ts";

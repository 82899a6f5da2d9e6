/**
 * A value built on first use rather than when its module loads. For zod schemas that a run with
 * nothing wrong never needs (the plain checks of `search-index.ts` come first): building them,
 * and zod compiling its constructors on first use, cost ~5 ms of every step's start, a third of
 * what evaluating a whole action bundle took before a step refused its input (bench S4).
 */
export function lazily<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

/** Kept in step with package.json by a test; a literal keeps bundles free of JSON imports. */
export const VERSION = "0.1.0";

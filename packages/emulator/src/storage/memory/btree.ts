import { createRequire } from "node:module";
import type SortedBtree from "sorted-btree";

/**
 * sorted-btree's B+ tree: an ordered map with O(log n) inserts, deletes and range scans.
 * A CommonJS package whose class is `exports.default`: required, so that Node and the test
 * runner (which read a default import of CommonJS differently) load the same thing.
 */
export const BTree = (createRequire(import.meta.url)("sorted-btree") as typeof SortedBtree).default;
export type BTree<K, V> = InstanceType<typeof SortedBtree.default<K, V>>;

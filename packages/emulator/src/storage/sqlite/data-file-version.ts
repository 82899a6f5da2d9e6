/**
 * The version of what a data file holds: its tables' layout and what their rows may be. A file
 * with a higher one is refused (`data file … was written by a newer emulator`); one with a lower
 * one is upgraded at start, row by row (each table's `upgrades`, then its schema's check), and
 * stamped with this one. How to change a stored shape: CONTRIBUTING.md, "The data file".
 *
 * 1: the tables of the first durable store (issue 34).
 * 2: every row checked by its table's schema at start; a schedule's cron must be readable (a
 *    version 1 file may hold one that is not, stored by a refused restore: it is dropped).
 */
export const DATA_FILE_VERSION = 2;

import { searchDataErrors } from "../errors.ts";
import { wordsOf } from "./tokens.ts";

/** The longest query the data plane takes, in characters, and the most words it reads of one. */
export const MAX_QUERY_LENGTH = 2_000;
export const MAX_QUERY_WORDS = 64;
/**
 * Typos are forgiven in words of this many letters or more (shorter ones would match too many
 * unrelated words), up to the longest (past it a word must be spelt right, which bounds the
 * work), one edit in five letters, at most two.
 */
export const FUZZY_FROM_LENGTH = 5;
export const FUZZY_UP_TO_LENGTH = 24;
const MAX_EDITS = 2;
/** Spellings a misspelt word may stand for, closest first. */
const MAX_FUZZY_WORDS = 10;

/** Words within some edits of a word, in one namespace (`Vocabularies.near`). */
export type NearWords = (word: string, maxDistance: number) => string[];

/**
 * The FTS5 query for a search, or `undefined` when the query has no words. Each word matches as
 * itself, as a prefix ("head" finds "headphones") and, when long enough, by its nearest spellings
 * ("speakr" finds "speaker"). A document with the word itself matches both the word and the
 * prefix, so it ranks above one that only starts with it, as MiniSearch's weights did. Every word
 * carries the namespace's tag, and is quoted, so nothing in a query is FTS5 syntax.
 */
export function fullTextQuery(query: string, tag: string, near: NearWords): string | undefined {
  if (query.length > MAX_QUERY_LENGTH) {
    throw searchDataErrors.queryTooLong(query.length, MAX_QUERY_LENGTH);
  }
  const words = [...new Set(wordsOf(query))].slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return undefined;
  const phrases: string[] = [];
  for (const word of words) {
    phrases.push(quoted(tag + word), `${quoted(tag + word)}*`);
    for (const spelling of nearSpellings(word, near)) phrases.push(quoted(tag + spelling));
  }
  return phrases.join(" OR ");
}

function nearSpellings(word: string, near: NearWords): string[] {
  if (word.length < FUZZY_FROM_LENGTH || word.length > FUZZY_UP_TO_LENGTH) return [];
  const edits = Math.min(MAX_EDITS, Math.round(word.length * 0.2));
  return near(word, edits)
    .filter((spelling) => spelling !== word)
    .slice(0, MAX_FUZZY_WORDS);
}

function quoted(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/**
 * Text as the knowledge index holds it. PostgreSQL's `simple` configuration only lowercases,
 * so the spelling variants Arabic writers mix are folded first, in the indexed text and in the
 * query alike: diacritics and tatweel go, alef forms become ا, ى becomes ي, ة becomes ه, and
 * the hamza carriers ؤ and ئ become و and ي.
 */
export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي');
}

/**
 * A query's words joined with OR for `to_tsquery('simple', …)`: a question rarely uses every
 * word of the passage that answers it, so passages are matched on any word and ranked by how
 * many and how close. Only letters and digits reach the query, so it cannot be malformed.
 */
export function searchQueryOf(text: string): string | null {
  const words = normaliseForSearch(text).match(/[\p{L}\p{N}]{2,}/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 32);
  return unique.length === 0 ? null : unique.join(' | ');
}

/** A message that matched a search, cut around the match for the inbox's result list. */
export interface SearchSnippet {
  messageId: string;
  /** The text before the match, "…" first when it was cut. */
  before: string;
  match: string;
  /** The text after the match, "…" last when it was cut. */
  after: string;
}

/** Characters of context kept on each side of the match. */
export const SNIPPET_CONTEXT = 40;

const ELLIPSIS = '…';

/**
 * `content` cut to the first place `search` occurs in it (any case, as the search's ILIKE
 * found it), with up to SNIPPET_CONTEXT characters either side, cut at a space where one is near
 * so no word is split. Null when the text does not hold the term (a case rule where PostgreSQL's
 * ILIKE and JavaScript differ): the result then shows no snippet rather than a wrong one.
 */
export function cutSnippet(messageId: string, content: string, search: string): SearchSnippet | null {
  const term = search.trim();
  if (!term) return null;
  const found = new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu').exec(content);
  if (!found) return null;
  const start = found.index;
  const end = start + found[0].length;
  let from = Math.max(0, start - SNIPPET_CONTEXT);
  let to = Math.min(content.length, end + SNIPPET_CONTEXT);
  if (from > 0) {
    const space = content.indexOf(' ', from);
    if (space !== -1 && space < start) from = space + 1;
  }
  if (to < content.length) {
    const space = content.lastIndexOf(' ', to);
    if (space >= end) to = space;
  }
  const oneLine = (text: string) => text.replace(/\s+/g, ' ');
  return {
    messageId,
    before: (from > 0 ? ELLIPSIS : '') + oneLine(content.slice(from, start)),
    match: oneLine(found[0]),
    after: oneLine(content.slice(end, to)) + (to < content.length ? ELLIPSIS : ''),
  };
}

import { stripBidiControls } from '@/server/i18n/bidi-text';
import type { SearchSnippet } from '@/server/inbox/search-snippet';

/**
 * Where a search matched in a conversation: its newest matching message, cut around the match,
 * the match marked. Customer text: it takes its own direction (`dir="auto"` isolates it), and its
 * bidi controls are stripped so it cannot reorder the line.
 */
export function SearchMatch({ snippet, unread }: { snippet: SearchSnippet; unread: boolean }) {
  const text = `${snippet.before}${snippet.match}${snippet.after}`;
  return (
    <span
      data-testid="search-match"
      title={stripBidiControls(text)}
      dir="auto"
      className={`min-w-0 truncate text-xs ${unread ? 'text-slate-800' : 'text-slate-600'}`}
    >
      {stripBidiControls(snippet.before)}
      <mark className="rounded-sm bg-amber-100 px-0.5 text-slate-900">{stripBidiControls(snippet.match)}</mark>
      {stripBidiControls(snippet.after)}
    </span>
  );
}

import { Parser } from 'htmlparser2';

/** Elements whose content is not the page's text. */
const skipped = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg']);
/** What an element's start writes: a paragraph break, for headings with their markdown level. */
const breaks = new Map<string, string>([
  ...'p div section article li ul ol tr table br hr blockquote pre dd dt main header footer nav'
    .split(' ')
    .map((name): [string, string] => [name, '\n\n']),
  ...[1, 2, 3, 4, 5, 6].map((level): [string, string] => [`h${level}`, `\n\n${'#'.repeat(level)} `]),
]);

/** Characters handed to the parser at a time; the budget is checked between them. */
const CHUNK_CHARS = 4 * 1024;
/**
 * Processor time reading one page may take. A 5 MiB page takes a fraction of it; markup the
 * parser handles slowly (elements nested thousands deep) is refused rather than read for minutes.
 */
export const PAGE_CPU_BUDGET_MS = 1_000;

/** A page took longer than its budget to read. */
export class PageTooSlow extends Error {}

/**
 * The readable text of an HTML page for the index: scripts, styles and the head dropped, block
 * elements as paragraph breaks, headings as markdown, tags removed, entities decoded. Read by a
 * streaming HTML parser, in time linear in the page whatever it leaves unclosed, and within
 * PAGE_CPU_BUDGET_MS (else `PageTooSlow`), since the worker that reads it is shared.
 */
export function pageText(html: string, budgetMs = PAGE_CPU_BUDGET_MS): string {
  const parts: string[] = [];
  let skipping = 0;
  // A break waits for the next text, so runs of empty elements write nothing.
  let pending = '';
  const parser = new Parser(
    {
      onopentag(name) {
        if (skipped.has(name)) skipping += 1;
        else if (skipping === 0 && breaks.has(name)) pending = breaks.get(name)!;
      },
      onclosetag(name) {
        if (skipped.has(name)) skipping = Math.max(0, skipping - 1);
        else if (skipping === 0 && breaks.has(name)) pending = '\n\n';
      },
      ontext(text) {
        if (skipping > 0) return;
        if (pending && text.trim()) {
          parts.push(pending);
          pending = '';
        }
        parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  const started = process.cpuUsage();
  for (let at = 0; at < html.length; at += CHUNK_CHARS) {
    parser.write(html.slice(at, at + CHUNK_CHARS));
    const used = process.cpuUsage(started);
    if ((used.user + used.system) / 1000 > budgetMs) throw new PageTooSlow(`The page's markup took more than ${budgetMs / 1000} s to read.`);
  }
  parser.end();
  return parts
    .join('')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Marked } from 'marked';
import type { Metadata } from 'next';

export const metadata: Metadata = {
  title: 'Going live',
  description: 'Setting up the platform side, connecting numbers, number health, templates, mail and secrets at rest.',
};

/** The guide's links to the API decisions (docs/messaging-api.md, docs/agent-api.md) become the references; any other path stays as text. */
const siteLinks: Record<string, string> = { 'messaging-api': '/docs/api', 'agent-api': '/agent/docs' };

const marked = new Marked({
  renderer: {
    link({ href, text }) {
      const target = siteLinks[href.replace(/\.md(#.*)?$/, '')] ?? (/^https?:\/\//.test(href) ? href : null);
      return target ? `<a href="${target}">${text}</a>` : text;
    },
    // The guide is ours, but nothing in it is markup: shown as written.
    html({ text }) {
      return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    },
  },
});

const prose = [
  'max-w-3xl text-[15px] leading-relaxed text-slate-700',
  '[&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:tracking-tight [&_h1]:text-slate-900',
  '[&_h2]:mt-10 [&_h2]:border-t [&_h2]:border-slate-200 [&_h2]:pt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_p]:mt-3 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:ps-6 [&_li]:mt-1',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-slate-800',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_table]:text-sm [&_th]:border-b [&_th]:border-slate-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-start',
  '[&_td]:border-b [&_td]:border-slate-100 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top wrap-break-word',
].join(' ');

/** Read and rendered once per process: the page is public, and the file changes only with a deploy. */
let rendered: Promise<string> | undefined;

async function renderGuide(): Promise<string> {
  const source = await readFile(path.join(process.cwd(), 'docs', 'going-live.md'), 'utf8');
  // A table wider than a phone scrolls in its own region, which the keyboard can reach.
  return (await marked.parse(source))
    .replaceAll('<table>', '<div class="mt-4 overflow-x-auto" tabindex="0" role="region" aria-label="Table"><table>')
    .replaceAll('</table>', '</table></div>');
}

/** docs/going-live.md, the operator's guide, served as it is in the repository. */
export default async function GoingLivePage() {
  rendered ??= renderGuide().catch((error: unknown) => {
    rendered = undefined;
    throw error;
  });
  const html = await rendered;
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <article className={prose} dangerouslySetInnerHTML={{ __html: html }} />
    </main>
  );
}

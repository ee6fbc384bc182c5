import Link from 'next/link';
import type { ReactNode } from 'react';

const token = /(`[^`]+`|\*\*[^*]+\*\*|\[[^\]]+\]\([^)\s]+\))/g;

/** The small Markdown subset the spec texts use: `code`, **bold** and [links](/path). */
export function InlineMarkdown({ text }: { text: string }) {
  const parts = text.split(token).filter(Boolean);
  return <>{parts.map((part, index) => renderPart(part, index))}</>;
}

function renderPart(part: string, key: number): ReactNode {
  if (part.startsWith('`') && part.endsWith('`')) {
    return (
      <code key={key} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
        {part.slice(1, -1)}
      </code>
    );
  }
  if (part.startsWith('**') && part.endsWith('**')) return <strong key={key}>{part.slice(2, -2)}</strong>;
  const link = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(part);
  if (link) {
    return (
      <Link key={key} href={link[2] ?? '#'} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {link[1]}
      </Link>
    );
  }
  return part;
}

/** Paragraphs separated by blank lines, inline Markdown inside each. */
export function MarkdownParagraphs({ text, className = '' }: { text: string; className?: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .filter((p) => p.trim())
        .map((paragraph, index) => (
          <p key={index} className={className}>
            <InlineMarkdown text={paragraph.trim()} />
          </p>
        ))}
    </>
  );
}

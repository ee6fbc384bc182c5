import type { ReactNode } from 'react';
import type { DocumentedCode, DocumentedCodes, Wording } from '@/server/contract/documented-codes';
import type { ContractName } from '@/server/contract/transport-codes';
import { InlineMarkdown } from './inline-markdown';

/**
 * Each page's anchors for a type's section, as they were first published and are linked to
 * (the messaging page's overview table links `#<type>`). The agent service cannot give the
 * section the type's name: `provider_error` is also one of its codes.
 */
const typeAnchors: Record<ContractName, (type: string) => { sectionId?: string; headingId: string }> = {
  messaging: (type) => ({ sectionId: type, headingId: `${type}-title` }),
  agent: (type) => ({ headingId: `type-${type}` }),
};

/** One text in its languages; two side by side when the contract answers in Arabic too. */
export function WordingText({ wording, label }: { wording: Wording; label?: Wording }) {
  if (wording.ar === undefined) {
    return (
      <p className="mt-2 text-[0.95rem] leading-relaxed text-slate-700">
        <InlineMarkdown text={`${label?.en ?? ''}${wording.en}`} />
      </p>
    );
  }
  return (
    <div className="mt-2 grid gap-2 md:grid-cols-2">
      <p lang="en" className="text-[0.95rem] leading-relaxed text-slate-700">
        <InlineMarkdown text={`${label?.en ?? ''}${wording.en}`} />
      </p>
      <p lang="ar" dir="rtl" className="text-[0.95rem] leading-relaxed text-slate-700">
        <InlineMarkdown text={`${label?.ar ?? ''}${wording.ar}`} />
      </p>
    </div>
  );
}

const retryLabel: Required<Wording> = { en: 'Retry: ', ar: 'إعادة المحاولة: ' };

/** A code's retry advice: a bold label in an English-only table, part of the sentence in a bilingual one. */
function RetryAdvice({ retry }: { retry: Wording }) {
  if (retry.ar !== undefined) return <WordingText wording={retry} label={retryLabel} />;
  return (
    <p className="mt-2 text-sm text-slate-600">
      <span className="font-semibold text-slate-800">{retryLabel.en}</span>
      <InlineMarkdown text={retry.en} />
    </p>
  );
}

/** One code of the contract, the target of every error's `doc_url`. */
function ErrorCodeCard({ entry }: { entry: DocumentedCode }) {
  return (
    <article
      id={entry.code}
      aria-labelledby={`${entry.code}-title`}
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white p-4 target:border-brand-600 target:ring-2 target:ring-brand-600/20"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`${entry.code}-title`} className="break-all font-mono text-base font-semibold text-slate-900">
          <a href={`#${entry.code}`} className="hover:underline">
            {entry.code}
          </a>
        </h3>
        <span className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs font-semibold text-slate-700">HTTP {entry.status}</span>
      </div>
      <WordingText wording={entry.meaning} />
      <RetryAdvice retry={entry.retry} />
    </article>
  );
}

/**
 * A contract's error-code page: the introduction, then one section per type with a card per
 * code, then whatever the contract documents besides its HTTP errors. A bilingual table gets
 * the wider column so both languages fit side by side.
 */
export function ErrorCodesPage({
  title,
  codes,
  intro,
  children,
}: {
  title: string;
  codes: DocumentedCodes;
  intro: ReactNode;
  children?: ReactNode;
}) {
  const bilingual = codes.types.some((type) => type.about.ar !== undefined);
  return (
    <main className={`mx-auto ${bilingual ? 'max-w-5xl' : 'max-w-4xl'} px-4 py-10 sm:px-6`}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {intro}
      {codes.types.map(({ type, about, codes: ofType }) => {
        const anchors = typeAnchors[codes.contract](type);
        return (
          <section key={type} id={anchors.sectionId} aria-labelledby={anchors.headingId} className="mt-10 scroll-mt-20">
            <h2 id={anchors.headingId} className="font-mono text-xl font-semibold text-slate-900">
              {type}
            </h2>
            <WordingText wording={about} />
            <div className="mt-4 space-y-3">
              {ofType.map((entry) => (
                <ErrorCodeCard key={entry.code} entry={entry} />
              ))}
            </div>
          </section>
        );
      })}
      {children}
    </main>
  );
}

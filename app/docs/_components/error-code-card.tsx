import type { MessagingErrorCode } from '@/server/errors/messaging-codes';
import { messagingErrorCodes } from '@/server/errors/messaging-codes';
import { InlineMarkdown } from './inline-markdown';

/** One code of the contract, the target of every error's `doc_url`. */
export function ErrorCodeCard({ code }: { code: MessagingErrorCode }) {
  const info = messagingErrorCodes[code];
  return (
    <article
      id={code}
      aria-labelledby={`${code}-title`}
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white p-4 target:border-brand-600 target:ring-2 target:ring-brand-600/20"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`${code}-title`} className="font-mono text-base font-semibold text-slate-900">
          <a href={`#${code}`} className="hover:underline">
            {code}
          </a>
        </h3>
        <span className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs font-semibold text-slate-700">HTTP {info.status}</span>
      </div>
      <p className="mt-2 text-[0.95rem] leading-relaxed text-slate-700">
        <InlineMarkdown text={info.meaning} />
      </p>
      <p className="mt-2 text-sm text-slate-600">
        <span className="font-semibold text-slate-800">Retry: </span>
        <InlineMarkdown text={info.retry} />
      </p>
    </article>
  );
}

import type { Metadata } from 'next';
import { ErrorCodesPage, WordingText } from '@/app/docs/_components/error-codes-page';
import { agentDocumentedCodes } from '@/server/contract/documented-codes';
import { agentInBandCodes, agentWarnings } from '@/server/errors/agent-codes';

export const metadata: Metadata = {
  title: 'Agent service error codes',
  description: 'Every error code of the agent service, with its HTTP status, type, retry advice and message, in English and Arabic.',
};

/** The target of every error's `doc_url`: one anchor per code. */
export default function AgentErrorsPage() {
  const intro = (
    <>
      <p className="mt-4 leading-relaxed text-slate-700">
        Every error answers <code className="font-mono text-sm">{'{ error: { type, code, message, param?, request_id, doc_url } }'}</code> with
        the <code className="font-mono text-sm">Request-Id</code> header. Branch on <code className="font-mono text-sm">code</code>; new codes may
        be added, so handle unknown ones by <code className="font-mono text-sm">type</code> and HTTP status.{' '}
        <code className="font-mono text-sm">message</code> follows <code className="font-mono text-sm">Accept-Language</code> (English or Arabic,
        both shown below); never parse it.
      </p>
      <p lang="ar" dir="rtl" className="mt-3 leading-relaxed text-slate-700">
        كل خطأ يُعاد بالصيغة نفسها مع الترويسة Request-Id. اعتمد على الحقل code؛ قد تُضاف رموز جديدة، فتعامل مع غير المعروف منها حسب type وحالة
        HTTP. تتبع الرسالة الترويسة Accept-Language، ولا تحلّلها برمجيًا.
      </p>
    </>
  );
  return (
    <ErrorCodesPage title="Agent service error codes" codes={agentDocumentedCodes()} intro={intro}>
      <section aria-labelledby="in-band" className="mt-10">
        <h2 id="in-band" className="text-xl font-semibold text-slate-900">
          Codes that never come back as an HTTP error
        </h2>
        <div className="mt-4 space-y-3">
          {Object.entries(agentInBandCodes).map(([code, entry]) => (
            <article key={code} id={code} aria-labelledby={`${code}-title`} className="scroll-mt-20 rounded-lg border border-slate-200 p-4">
              <h3 id={`${code}-title`} className="font-mono text-base font-semibold text-slate-900">
                <a href={`#${code}`} className="hover:underline">
                  {code}
                </a>{' '}
                <span className="font-sans text-sm font-normal text-slate-600">({entry.appearsAs})</span>
              </h3>
              <WordingText wording={entry} />
            </article>
          ))}
        </div>
      </section>
      <section aria-labelledby="warnings" className="mt-10">
        <h2 id="warnings" className="text-xl font-semibold text-slate-900">
          Warnings
        </h2>
        <div className="mt-4 space-y-3">
          {Object.entries(agentWarnings).map(([code, entry]) => (
            <article key={code} id={`warning-${code}`} className="rounded-lg border border-slate-200 p-4">
              <h3 className="font-mono text-base font-semibold text-slate-900">{code}</h3>
              <WordingText wording={entry} />
            </article>
          ))}
        </div>
      </section>
    </ErrorCodesPage>
  );
}

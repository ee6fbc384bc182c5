import type { Metadata } from 'next';
import {
  agentErrorCodes,
  agentErrorTypes,
  agentInBandCodes,
  agentWarnings,
  retryAdvice,
  type AgentErrorCode,
  type AgentErrorType,
} from '@/server/errors/agent-codes';

export const metadata: Metadata = {
  title: 'Agent service error codes',
  description: 'Every error code of the agent service, with its HTTP status, type, retry advice and message, in English and Arabic.',
};

const codesOfType = (type: AgentErrorType) =>
  (Object.keys(agentErrorCodes) as AgentErrorCode[]).filter((code) => agentErrorCodes[code].type === type);
/** `{scope}`-style details the thrower fills in, shown as they are. */
const template = (text: string) => text.replace(/\{(\w+)\}(?!\})/g, '‹$1›');

function Bilingual({ en, ar }: { en: string; ar: string }) {
  return (
    <div className="mt-2 grid gap-2 md:grid-cols-2">
      <p lang="en" className="text-[0.95rem] leading-relaxed text-slate-700">
        {template(en)}
      </p>
      <p lang="ar" dir="rtl" className="text-[0.95rem] leading-relaxed text-slate-700">
        {template(ar)}
      </p>
    </div>
  );
}

/** The target of every error's `doc_url`: one anchor per code. */
export default function AgentErrorsPage() {
  const types = Object.entries(agentErrorTypes) as Array<[AgentErrorType, (typeof agentErrorTypes)[AgentErrorType]]>;
  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Agent service error codes</h1>
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
      {types.map(([type, info]) => (
        <section key={type} aria-labelledby={`type-${type}`} className="mt-10">
          <h2 id={`type-${type}`} className="font-mono text-xl font-semibold text-slate-900">
            {type}
          </h2>
          <Bilingual en={info.en} ar={info.ar} />
          <div className="mt-4 space-y-3">
            {codesOfType(type).map((code) => {
              const entry = agentErrorCodes[code];
              return (
                <article
                  key={code}
                  id={code}
                  aria-labelledby={`${code}-title`}
                  className="scroll-mt-20 rounded-lg border border-slate-200 p-4 target:border-brand-600 target:ring-2 target:ring-brand-600/20"
                >
                  <div className="flex flex-wrap items-center gap-3">
                    <h3 id={`${code}-title`} className="break-all font-mono text-base font-semibold text-slate-900">
                      <a href={`#${code}`} className="hover:underline">
                        {code}
                      </a>
                    </h3>
                    <span className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs font-semibold text-slate-700">HTTP {entry.status}</span>
                  </div>
                  <Bilingual en={entry.en} ar={entry.ar} />
                  <Bilingual en={`Retry: ${retryAdvice[entry.retry].en}`} ar={`إعادة المحاولة: ${retryAdvice[entry.retry].ar}`} />
                </article>
              );
            })}
          </div>
        </section>
      ))}
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
              <Bilingual en={entry.en} ar={entry.ar} />
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
              <Bilingual en={entry.en} ar={entry.ar} />
            </article>
          ))}
        </div>
      </section>
    </main>
  );
}

import { MarkdownParagraphs } from './inline-markdown';

export interface IntroSection {
  id: string;
  title: string;
  text: string;
}

/** Splits the document's description at its `## ` headings. */
export function introSections(description: string): { lead: string; sections: IntroSection[] } {
  const [lead = '', ...rest] = description.split(/^## /m);
  const sections = rest.map((chunk) => {
    const [title = '', ...body] = chunk.split('\n');
    return { id: title.trim().toLowerCase().replace(/\W+/g, '-'), title: title.trim(), text: body.join('\n').trim() };
  });
  return { lead: lead.trim(), sections };
}

const curl = `curl https://<your-host>/v1/me \\
  -H "Authorization: Bearer $API_KEY"

curl https://<your-host>/v1/messages \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: 7f7c1c9e-order-1042" \\
  -d '{"to": "+14155550123", "type": "template",
       "template": {"name": "order_update", "parameters": {"order_id": "1042"}}}'`;

export function ApiIntro({ lead, sections }: { lead: string; sections: IntroSection[] }) {
  return (
    <div className="pb-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">API reference</h1>
      <div className="mt-4 max-w-3xl space-y-3 text-base leading-relaxed text-slate-700">
        <MarkdownParagraphs text={lead} />
        <p>
          The machine-readable description is at{' '}
          <a href="/v1/openapi.json" className="font-medium text-brand-700 underline underline-offset-2">
            /v1/openapi.json
          </a>{' '}
          (OpenAPI 3.1), generated from the same definitions that validate requests.
        </p>
      </div>

      <section id="getting-started" aria-labelledby="getting-started-title" className="mt-10 scroll-mt-20">
        <h2 id="getting-started-title" className="text-2xl font-semibold text-slate-900">
          Getting started
        </h2>
        <p className="mt-3 max-w-3xl text-slate-700">
          Create an API key in the dashboard with the scopes you need, then check it and send a first message:
        </p>
        <pre
          tabIndex={0}
          className="mt-4 overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100 sm:text-sm"
        >
          {curl}
        </pre>
      </section>

      <div className="mt-6 grid gap-x-10 md:grid-cols-2">
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-8 scroll-mt-20">
            <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
              {section.title}
            </h2>
            <div className="mt-3 space-y-3 text-[0.95rem] leading-relaxed text-slate-700">
              <MarkdownParagraphs text={section.text} />
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

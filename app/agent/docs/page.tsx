import type { Metadata } from 'next';
import Link from 'next/link';
import { buildAgentOpenApiDocument, type AgentOpenApiOperation } from '@/server/agent/http/agent-openapi';
import type { OpenApiParameter } from '@/server/contract/openapi';
import { introSections } from '@/app/docs/_components/api-intro';
import { FieldsTable } from '@/app/docs/_components/fields-table';
import { MarkdownParagraphs } from '@/app/docs/_components/inline-markdown';
import { MethodBadge } from '@/app/docs/_components/method-badge';
import { flattenSchema, typeLabel } from '@/app/docs/_lib/schema-fields';

export const metadata: Metadata = {
  title: 'Agent service API reference',
  description: 'Every /agent/v1 operation: who may call it, parameters, request fields and the errors each can return.',
};

function parameterRows(parameters: OpenApiParameter[]) {
  return parameters.map((p) => ({ name: p.name, type: typeLabel(p.schema), required: p.required, description: p.description, notes: [p.in] }));
}

function Operation({
  method,
  path,
  operation,
  shared,
}: {
  method: string;
  path: string;
  operation: AgentOpenApiOperation;
  shared: Record<string, OpenApiParameter>;
}) {
  const parameters = operation.parameters.flatMap((p) => {
    if (!('$ref' in p)) return [p];
    const resolved = shared[p.$ref.split('/').pop() ?? ''];
    return resolved ? [resolved] : [];
  });
  const body = operation.requestBody?.content['application/json']?.schema;
  return (
    <section
      id={operation.operationId}
      aria-labelledby={`${operation.operationId}-title`}
      className="scroll-mt-20 border-t border-slate-200 py-6"
    >
      <h3 id={`${operation.operationId}-title`} className="flex flex-wrap items-center gap-3 text-lg font-semibold text-slate-900">
        <MethodBadge method={method} />
        <code className="break-all font-mono text-base">{path}</code>
      </h3>
      <p className="mt-1 font-medium text-slate-800">{operation.summary}</p>
      <MarkdownParagraphs text={operation.description} className="mt-2 max-w-3xl text-slate-700" />
      {parameters.length > 0 && <FieldsTable rows={parameterRows(parameters)} />}
      {body && <FieldsTable rows={flattenSchema(body)} />}
      <p className="mt-3 text-sm text-slate-700">
        <span className="font-semibold">Errors: </span>
        {operation['x-error-codes'].map((code, index) => (
          <span key={code}>
            {index > 0 && ', '}
            <Link href={`/agent/docs/errors#${code}`} className="font-mono text-brand-700 hover:underline">
              {code}
            </Link>
          </span>
        ))}
      </p>
    </section>
  );
}

const curl = `curl {base_url}/agent/v1/ask \\
  -H "Authorization: Bearer agk_live_…" \\
  -H "Content-Type: application/json" \\
  -d '{"agent": "acme-assistant", "input": "Where is order 1234?", "stream": true}'`;

function Intro({ lead, sections }: ReturnType<typeof introSections>) {
  return (
    <div className="pb-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Agent service API reference</h1>
      <MarkdownParagraphs text={lead} className="mt-4 max-w-3xl text-slate-700" />
      <p className="mt-3 max-w-3xl text-slate-700">
        The machine-readable description is at{' '}
        <a href="/agent/v1/openapi.json" className="font-medium text-brand-700 underline underline-offset-2">
          /agent/v1/openapi.json
        </a>{' '}
        (OpenAPI 3.1), generated from the same definitions that validate requests.
      </p>
      <pre tabIndex={0} className="mt-4 overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100 sm:text-sm">
        {curl}
      </pre>
      <div className="mt-6 grid gap-x-10 md:grid-cols-2">
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-6">
            <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
              {section.title}
            </h2>
            <MarkdownParagraphs text={section.text} className="mt-2 text-slate-700" />
          </section>
        ))}
      </div>
    </div>
  );
}

export default function AgentReferencePage() {
  const doc = buildAgentOpenApiDocument();
  const { lead, sections } = introSections(doc.info.description);
  const entries = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation: operation as AgentOpenApiOperation })),
  );
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Intro lead={lead} sections={sections} />
      {doc.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${tag.name}`} className="pt-6">
          <h2 id={`tag-${tag.name}`} className="text-2xl font-semibold text-slate-900">
            {tag.name}
          </h2>
          {entries
            .filter((entry) => entry.operation.tags[0] === tag.name)
            .map((entry) => (
              <Operation key={entry.operation.operationId} {...entry} shared={doc.components.parameters} />
            ))}
        </section>
      ))}
    </main>
  );
}

import Link from 'next/link';
import { commonErrors } from '@/server/api/endpoint';
import { messagingErrorCodes } from '@/server/errors/messaging-codes';
import type { OpenApiOperation } from '@/server/api/openapi';
import type { OpenApiParameter } from '@/server/contract/openapi';
import { exampleOf, flattenSchema, notesOf, typeLabel, type FieldRow } from '../_lib/schema-fields';
import { FieldsTable } from './fields-table';
import { InlineMarkdown, MarkdownParagraphs } from './inline-markdown';
import { MethodBadge } from './method-badge';

const locationLabel = { path: 'In the path', query: 'In the query string', header: 'Request header' } as const;

function parameterRows(parameters: OpenApiParameter[]): FieldRow[] {
  return parameters.map((p) => ({
    name: p.name,
    type: typeLabel(p.schema),
    required: p.required,
    description: p.description,
    notes: [locationLabel[p.in], ...notesOf(p.schema)],
  }));
}

/** The description without the part shown as a badge (the scope). */
function bodyText(description: string): string {
  return description
    .split(/\n{2,}/)
    .filter((p) => !p.startsWith('Requires scope'))
    .join('\n\n');
}

function H4({ children }: { children: string }) {
  return <h4 className="mb-2 mt-6 text-sm font-semibold uppercase tracking-wide text-slate-500">{children}</h4>;
}

interface Props {
  method: string;
  path: string;
  operation: OpenApiOperation;
  parameters: OpenApiParameter[];
}

export function OperationSection({ method, path, operation, parameters }: Props) {
  const [status = '200', success] = Object.entries(operation.responses)[0] ?? [];
  const [contentType, media] = Object.entries(success?.content ?? {})[0] ?? [];
  const isJson = contentType === 'application/json' && media !== undefined;
  const body = operation.requestBody?.content['application/json']?.schema;
  const specific = operation['x-error-codes'].filter((code) => !commonErrors.includes(code));

  return (
    <section
      id={operation.operationId}
      aria-labelledby={`${operation.operationId}-title`}
      className="scroll-mt-20 border-t border-slate-200 py-10"
    >
      <div className="flex flex-wrap items-center gap-2">
        <MethodBadge method={method} />
        <code className="break-all font-mono text-sm font-semibold text-slate-900">{path}</code>
      </div>
      <h3 id={`${operation.operationId}-title`} className="mt-3 text-xl font-semibold text-slate-900">
        <a href={`#${operation.operationId}`} className="hover:underline">
          {operation.summary}
        </a>
      </h3>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
        <div className="flex gap-1">
          <dt>Scope</dt>
          <dd>
            <code className="font-mono text-slate-900">{operation['x-scope'] ?? 'none'}</code>
          </dd>
        </div>
        {operation['x-idempotent'] ? (
          <div className="flex gap-1">
            <dt className="sr-only">Idempotency</dt>
            <dd>Accepts Idempotency-Key</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-4 max-w-3xl space-y-3 text-[0.95rem] leading-relaxed text-slate-700">
        <MarkdownParagraphs text={bodyText(operation.description)} />
      </div>

      {parameters.length > 0 ? (
        <>
          <H4>Parameters</H4>
          <FieldsTable rows={parameterRows(parameters)} />
        </>
      ) : null}

      {body ? (
        <>
          <H4>{operation.requestBody?.required ? 'Request body' : 'Request body (optional)'}</H4>
          <FieldsTable rows={flattenSchema(body)} />
        </>
      ) : null}

      <H4>{`Response ${status}`}</H4>
      <p className="mb-3 text-sm text-slate-700">
        <InlineMarkdown text={success?.description ?? ''} />
        {contentType && !isJson ? (
          <>
            {' '}
            (<code className="font-mono">{contentType}</code>)
          </>
        ) : null}
      </p>
      {isJson ? (
        <div className="space-y-4">
          <pre
            tabIndex={0}
            className="max-h-[28rem] max-w-3xl overflow-auto rounded-lg bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100"
          >
            {JSON.stringify(exampleOf(media.schema), null, 2)}
          </pre>
          <details>
            <summary className="cursor-pointer text-sm font-medium text-slate-700">Response fields</summary>
            <div className="mt-3">
              <FieldsTable rows={flattenSchema(media.schema, '', 'Present')} requiredLabel="Always" />
            </div>
          </details>
        </div>
      ) : null}

      <H4>Errors</H4>
      <ul className="flex flex-wrap gap-2">
        {specific.map((code) => (
          <li key={code}>
            <Link
              href={`/docs/errors#${code}`}
              className="inline-flex items-center gap-1.5 rounded-md border border-slate-200 bg-white px-2 py-1 font-mono text-xs text-slate-800 hover:border-brand-600 hover:text-brand-700"
            >
              <span className="text-slate-500">{messagingErrorCodes[code].status}</span>
              {code}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600">
        {specific.length > 0 ? 'Plus the ' : 'Only the '}
        <Link href="/docs/errors#authentication_error" className="text-brand-700 underline underline-offset-2">
          authentication, permission, rate-limit and service errors
        </Link>{' '}
        every endpoint can return.
      </p>
    </section>
  );
}

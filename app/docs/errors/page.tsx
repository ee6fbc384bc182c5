import type { Metadata } from 'next';
import Link from 'next/link';
import { ErrorCodesPage } from '../_components/error-codes-page';
import { messagingDocumentedCodes } from '@/server/contract/documented-codes';
import { messagingErrorTypes, type MessagingErrorType } from '@/server/errors/messaging-codes';

export const metadata: Metadata = {
  title: 'Error codes',
  description: 'Every error code of the messaging API: HTTP status, type, meaning and whether to retry.',
};

const example = `HTTP/1.1 422 Unprocessable Entity
Request-Id: req_Yc2b0xk1S9mQ3aP4

{
  "error": {
    "type": "invalid_request_error",
    "code": "missing_parameter",
    "message": "Missing required field \`recipients[3].to\`.",
    "param": "recipients[3].to",
    "doc_url": "https://<your-host>/docs/errors#missing_parameter",
    "request_id": "req_Yc2b0xk1S9mQ3aP4"
  }
}`;

export default function ErrorsPage() {
  const types = Object.entries(messagingErrorTypes) as Array<[MessagingErrorType, (typeof messagingErrorTypes)[MessagingErrorType]]>;
  const intro = (
    <>
      <div className="mt-4 space-y-3 leading-relaxed text-slate-700">
        <p>
          Every error answers with the same JSON envelope and a <code className="font-mono text-sm">Request-Id</code> header. Branch on{' '}
          <code className="font-mono text-sm">error.code</code>: codes are never renamed, only added, so fall back to{' '}
          <code className="font-mono text-sm">error.type</code> and the HTTP status for a code you do not know. The{' '}
          <code className="font-mono text-sm">message</code> is for people and may be reworded; never parse it.{' '}
          <code className="font-mono text-sm">param</code> names the offending field when there is one.
        </p>
        <p>
          <code className="font-mono text-sm">request_id</code> equals the <code className="font-mono text-sm">Request-Id</code> header; quote it
          when you contact support. <code className="font-mono text-sm">doc_url</code> links to the code on this page. Which codes each operation
          can return is listed in the{' '}
          <Link href="/docs/api" className="font-medium text-brand-700 underline underline-offset-2">
            API reference
          </Link>
          .
        </p>
      </div>
      <pre tabIndex={0} className="mt-6 overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100 sm:text-sm">
        {example}
      </pre>

      <section aria-labelledby="types-title" className="mt-10">
        <h2 id="types-title" className="text-2xl font-semibold text-slate-900">
          Types
        </h2>
        <div tabIndex={0} className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Type
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Meaning
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Retry
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {types.map(([type, info]) => (
                <tr key={type}>
                  <th scope="row" className="px-3 py-2 font-normal">
                    <a href={`#${type}`} className="font-mono font-semibold text-brand-700 hover:underline">
                      {type}
                    </a>
                  </th>
                  <td className="px-3 py-2 text-slate-700">{info.meaning}</td>
                  <td className="px-3 py-2 text-slate-700">{info.retry}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
  return <ErrorCodesPage title="Error codes" codes={messagingDocumentedCodes()} intro={intro} />;
}

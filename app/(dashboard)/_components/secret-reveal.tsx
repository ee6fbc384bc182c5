'use client';

import { useState } from 'react';
import { buttonClass } from './ui';

interface SecretRevealProps {
  /** What the secret is, in a sentence: “signing secret”, “API key”. */
  what: string;
  secret: string;
  testId: string;
  onDone: () => void;
}

/** A secret shown once, with a copy button; it cannot be read again later. */
export function SecretReveal({ what, secret, testId, onDone }: SecretRevealProps) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">Copy the {what} now: it will not be shown again.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code data-testid={testId} className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-slate-900 ring-1 ring-amber-200">
          {secret}
        </code>
        <button
          type="button"
          className={buttonClass}
          onClick={() => void navigator.clipboard.writeText(secret).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? 'Copied' : `Copy ${what}`}
        </button>
        <button type="button" className={buttonClass} onClick={onDone}>I stored it</button>
      </div>
    </div>
  );
}

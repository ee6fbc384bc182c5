'use client';

import { useId, type ReactNode } from 'react';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { ConfirmDialog } from '../../_components/confirm-dialog';
import { buttonClass, inputClass } from '../../_components/ui';

/** Labelled controls of the agent pages: each label is tied to its control, hints to `aria-describedby`. */
export function TextField({
  label,
  value,
  onChange,
  hint,
  type = 'text',
  dir,
  lang,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  type?: 'text' | 'number' | 'url' | 'password' | 'color';
  dir?: 'auto' | 'ltr' | 'rtl';
  lang?: string;
  required?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  autoComplete?: string;
  id?: string;
}) {
  const generated = useId();
  const id = rest.id ?? generated;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...rest}
        id={id}
        type={type}
        dir={dir}
        lang={lang}
        aria-describedby={hint ? hintId : undefined}
        className={type === 'color' ? 'mt-1 block h-9 w-16 rounded border border-slate-300' : inputClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextArea({
  label,
  value,
  onChange,
  hint,
  rows = 3,
  dir = 'auto',
  lang,
  mono = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  rows?: number;
  dir?: 'auto' | 'ltr' | 'rtl';
  lang?: string;
  mono?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        dir={dir}
        lang={lang}
        aria-describedby={hint ? hintId : undefined}
        className={`${inputClass} ${mono ? 'font-mono text-xs' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export function Check({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** One titled part of a page, a landmark named by its heading. */
export function Panel({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** An alert for a failed call, or nothing. */
export function ErrorLine({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {text}
    </p>
  );
}

/** A row's button: it shows the short verb and tells screen readers what it acts on ("Delete Main OpenAI"). */
export function RowButton({
  label,
  fullLabel,
  onClick,
  disabled,
}: {
  label: string;
  fullLabel: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={buttonClass} aria-label={fullLabel} disabled={disabled} onClick={onClick}>
      {label}
    </button>
  );
}

/** The confirmation before removing something; when the removal fails, its error takes the place of the explanation. */
export function ConfirmRemoval({
  title,
  body,
  confirmLabel,
  removal,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  removal: { isPending: boolean; error: unknown };
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const errorText = useErrorText();
  return (
    <ConfirmDialog
      title={title}
      body={removal.error ? errorText(removal.error) : body}
      confirmLabel={confirmLabel}
      pending={removal.isPending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

'use client';

import { useId, type ReactNode } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none aria-invalid:border-red-600';

interface FieldProps {
  label: string;
  hint?: string;
  /** Why the value was refused: shown under the control, which is marked invalid and described by it. */
  error?: string;
}

/** A label, its control, a hint and an error, tied together by ids for screen readers. */
function Field({ label, hint, error, id: given, children }: FieldProps & { id?: string; children: (control: ControlProps) => ReactNode }) {
  const generated = useId();
  const id = given ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function TextField({
  label,
  hint,
  error,
  value,
  onChange,
  type = 'text',
  id,
  ...rest
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'number' | 'url' | 'password' | 'color' | 'email';
  dir?: 'auto' | 'ltr' | 'rtl';
  lang?: string;
  required?: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  autoComplete?: string;
  readOnly?: boolean;
  id?: string;
}) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <input
          {...rest}
          {...control}
          type={type}
          className={type === 'color' ? 'mt-1 block h-9 w-16 rounded border border-slate-300' : inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A multi-line field; `dir="auto"` unless told, since customers and agents write in either direction. */
export function TextArea({
  label,
  hint,
  error,
  value,
  onChange,
  rows = 3,
  dir = 'auto',
  lang,
  mono = false,
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  dir?: 'auto' | 'ltr' | 'rtl';
  lang?: string;
  mono?: boolean;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          dir={dir}
          lang={lang}
          className={`${inputClass} ${mono ? 'font-mono text-xs' : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A labelled choice from a list (`<option>`s as children). */
export function SelectField({
  label,
  hint,
  error,
  value,
  onChange,
  disabled,
  children,
}: FieldProps & { value: string; onChange: (value: string) => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} className={inputClass} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          {children}
        </select>
      )}
    </Field>
  );
}

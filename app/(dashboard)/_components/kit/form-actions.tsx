'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from './button';

/** A form's submit and cancel buttons; the submit button is disabled and says so while the form is being sent. */
export function FormActions({
  submitLabel,
  pendingLabel,
  pending,
  disabled = false,
  onCancel,
  children,
}: {
  submitLabel: string;
  /** What the submit button says while pending; "Working…" unless told. */
  pendingLabel?: string;
  pending: boolean;
  disabled?: boolean;
  onCancel: () => void;
  /** Why the form cannot be sent yet, beside the buttons. */
  children?: ReactNode;
}) {
  const t = useTranslations('common');
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="primary" type="submit" disabled={disabled} busy={pending}>
        {pending ? (pendingLabel ?? t('working')) : submitLabel}
      </Button>
      <Button onClick={onCancel}>{t('cancel')}</Button>
      {children}
    </div>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Button } from './button';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation of something that cannot be undone. */
export function ConfirmDialog({ title, body, confirmLabel, pending, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useTranslations('common');
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog onClose={onCancel} labelledBy={titleId} describedBy={bodyId}>
      <h2 id={titleId} className="text-lg font-semibold wrap-anywhere text-slate-900">
        {title}
      </h2>
      <p id={bodyId} className="mt-2 text-sm wrap-anywhere text-slate-600">
        {body}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button onClick={onCancel} autoFocus>
          {t('cancel')}
        </Button>
        <Button variant="danger" disabled={pending} onClick={onConfirm}>
          {pending ? t('working') : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** The confirmation before removing something; when the removal fails, its error takes the place of the explanation. */
export function ConfirmRemoval({
  removal,
  body,
  ...rest
}: Omit<ConfirmDialogProps, 'pending'> & { removal: { isPending: boolean; error: unknown } }) {
  const errorText = useErrorText();
  return <ConfirmDialog {...rest} body={removal.error ? errorText(removal.error) : body} pending={removal.isPending} />;
}

'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { buttonClass, dangerClass } from './ui';
import { useModalDialog } from './use-modal-dialog';

interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation; the native dialog traps focus, closes on Escape and returns focus to the opener. */
export function ConfirmDialog({ title, body, confirmLabel, pending, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useTranslations('common');
  const ref = useModalDialog();
  const titleId = useId();
  const bodyId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={onCancel}
      className="m-auto w-full max-w-[min(28rem,calc(100%-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id={titleId} className="text-lg font-semibold wrap-anywhere text-slate-900">
        {title}
      </h2>
      <p id={bodyId} className="mt-2 text-sm wrap-anywhere text-slate-600">
        {body}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass} onClick={onCancel} autoFocus>
          {t('cancel')}
        </button>
        <button type="button" className={dangerClass} disabled={pending} onClick={onConfirm}>
          {pending ? t('working') : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useModalDialog } from '../../_components/use-modal-dialog';

/**
 * The contact panel on screens too narrow to show it beside the thread: a modal sheet from
 * the end edge.
 */
export function ContactSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const t = useTranslations('inbox.contact');
  const dialog = useModalDialog();
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-label={t('sheetLabel')}
      className="ms-auto me-0 h-dvh max-h-dvh w-full max-w-full overflow-y-auto bg-white shadow-xl backdrop:bg-slate-900/40 sm:max-w-sm"
    >
      <div className="sticky top-0 z-10 flex justify-end border-b border-slate-200 bg-white px-3 py-2">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {t('closeSheet')}
        </button>
      </div>
      {children}
    </dialog>
  );
}

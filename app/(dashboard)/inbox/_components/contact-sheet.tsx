'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button, Dialog } from '@/app/(dashboard)/_components/kit';

/**
 * The contact panel on screens too narrow to show it beside the thread: a modal sheet from
 * the end edge.
 */
export function ContactSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const t = useTranslations('inbox.contact');
  return (
    <Dialog onClose={onClose} shape="sheet" label={t('sheetLabel')}>
      <div className="sticky top-0 z-10 flex justify-end border-b border-slate-200 bg-white px-3 py-2">
        <Button onClick={onClose}>{t('closeSheet')}</Button>
      </div>
      {children}
    </Dialog>
  );
}

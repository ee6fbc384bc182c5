'use client';

import { useTranslations } from 'next-intl';
import { Button, Dialog } from '@/app/(dashboard)/_components/kit';

const shortcuts = ['next', 'previous', 'open', 'composer', 'escape', 'assign', 'help'] as const;

/** The keyboard shortcuts overlay, a modal dialog. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const t = useTranslations('inbox.shortcuts');
  return (
    <Dialog onClose={onClose} labelledBy="shortcuts-heading">
      <h2 id="shortcuts-heading" className="text-base font-semibold text-slate-900">
        {t('title')}
      </h2>
      <dl className="mt-3 space-y-1.5 text-sm">
        {shortcuts.map((name) => (
          <div key={name} className="flex justify-between gap-4">
            <dt className="shrink-0">
              <kbd className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs ring-1 ring-slate-300">{t(`${name}.keys`)}</kbd>
            </dt>
            <dd className="text-end text-slate-700">{t(`${name}.what`)}</dd>
          </div>
        ))}
      </dl>
      <Button variant="primary" className="mt-4 w-full" onClick={onClose}>
        {t('close')}
      </Button>
    </Dialog>
  );
}

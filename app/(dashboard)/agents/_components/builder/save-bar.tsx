'use client';

import { useTranslations } from 'next-intl';
import { Alert, Button, ErrorLine } from '@/app/(dashboard)/_components/kit';

/**
 * The bar that stays at the bottom of the builder: a conflict with someone else's save, the
 * last failure or notice, and saving and publishing the draft (publishing only once it is saved).
 */
export function SaveBar({
  editable,
  dirty,
  conflict,
  error,
  notice,
  saving,
  publishing,
  onSave,
  onPublish,
  onReload,
  onKeepEdits,
}: {
  editable: boolean;
  dirty: boolean;
  conflict: boolean;
  error: string | null;
  notice: string | null;
  saving: boolean;
  publishing: boolean;
  onSave: () => void;
  onPublish: () => void;
  onReload: () => void;
  onKeepEdits: () => void;
}) {
  const t = useTranslations('agents.builder');
  const tCommon = useTranslations('common');
  if (!editable && !notice) return null;
  return (
    <div className="sticky bottom-0 z-10 space-y-3 rounded-xl border border-slate-200 bg-white/95 p-3 shadow-lg backdrop-blur-sm">
      {conflict && (
        <Alert tone="warning" look="box" as="div" className="text-sm">
          <p className="font-semibold">{t('conflict.title')}</p>
          <p className="mt-1">{t('conflict.body')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="primary" onClick={onReload}>
              {t('conflict.reload')}
            </Button>
            <Button onClick={onKeepEdits}>{t('conflict.keep')}</Button>
          </div>
        </Alert>
      )}
      {!conflict && <ErrorLine text={error} />}
      {notice && (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {notice}
        </p>
      )}
      {editable && (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {dirty && (
            <p id="publish-hint" className="me-auto text-sm text-slate-600">
              {t('unsaved')}
            </p>
          )}
          <Button disabled={!dirty || saving} onClick={onSave}>
            {saving ? tCommon('saving') : t('save')}
          </Button>
          <Button variant="primary" disabled={dirty || publishing} aria-describedby={dirty ? 'publish-hint' : undefined} onClick={onPublish}>
            {publishing ? tCommon('working') : t('publish')}
          </Button>
        </div>
      )}
    </div>
  );
}

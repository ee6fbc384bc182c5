'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert, Button, ConfirmDialog } from '@/app/(dashboard)/_components/kit';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import type { PresentedCampaign } from '@/server/campaigns/present-campaign';
import { RetargetDialog } from './retarget-dialog';

export type CampaignPanel = 'edit' | 'reschedule';

/** Edit, delete and duplicate a draft; cancel or reschedule a scheduled campaign; retarget a completed one; duplicate any. */
export function CampaignActions({ campaign, onOpen }: { campaign: PresentedCampaign; onOpen: (panel: CampaignPanel) => void }) {
  const t = useTranslations('campaigns.actions');
  const errorText = useErrorText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [confirming, setConfirming] = useState<'delete' | 'cancel' | 'retarget' | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.campaigns.pathKey() });
  const duplicate = useMutation(
    trpc.campaigns.duplicate.mutationOptions({
      onSuccess: async (copy) => {
        await invalidate();
        router.push(`/campaigns/${copy.id}`);
      },
    }),
  );
  const remove = useMutation(
    trpc.campaigns.deleteDraft.mutationOptions({
      onSuccess: () => {
        router.push('/campaigns');
        void queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.pathKey() });
      },
    }),
  );
  const cancel = useMutation(
    trpc.campaigns.cancel.mutationOptions({
      onSuccess: async () => {
        setConfirming(null);
        await invalidate();
      },
    }),
  );
  const error = duplicate.error ?? remove.error ?? cancel.error;
  const { id, status } = campaign;

  return (
    <>
      {status === 'draft' && (
        <>
          <Button onClick={() => onOpen('edit')}>{t('edit')}</Button>
          <Button onClick={() => setConfirming('delete')}>{t('delete')}</Button>
        </>
      )}
      {status === 'scheduled' && (
        <>
          <Button onClick={() => onOpen('reschedule')}>{t('reschedule')}</Button>
          <Button onClick={() => setConfirming('cancel')}>{t('cancel')}</Button>
        </>
      )}
      {status === 'completed' && <Button onClick={() => setConfirming('retarget')}>{t('retarget')}</Button>}
      <Button disabled={duplicate.isPending} onClick={() => duplicate.mutate({ id })}>
        {t('duplicate')}
      </Button>
      {error && <Alert className="basis-full text-sm">{errorText(error)}</Alert>}
      {confirming === 'delete' && (
        <ConfirmDialog
          title={t('deleteTitle')}
          body={t('deleteBody', { name: campaign.name, count: campaign.recipients.total })}
          confirmLabel={t('deleteConfirm')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate({ id })}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'retarget' && <RetargetDialog campaign={campaign} onClose={() => setConfirming(null)} />}
      {confirming === 'cancel' && (
        <ConfirmDialog
          title={t('cancelTitle')}
          body={t('cancelBody', { name: campaign.name })}
          confirmLabel={t('cancelConfirm')}
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate({ id })}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}

'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { MemberRole } from '@/server/db';
import { Alert, Button, ConfirmDialog, DataTable } from '@/app/(dashboard)/_components/kit';
import { useFormatTime } from '../../_components/use-format-time';
import { InviteForm } from './invite-form';
import { grantableRoles } from './role-options';
import { useErrorText } from '@/app/_trpc/use-error-text';

/** Who belongs to the organization and with which role; owners and admins invite, change roles and remove. */
export function MembersPanel() {
  const errorText = useErrorText();
  const t = useTranslations('settings.members');
  const tCommon = useTranslations('common');
  const formatTime = useFormatTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.settings.members.queryOptions());
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.settings.members.queryKey() });
  const changeRole = useMutation(trpc.settings.changeRole.mutationOptions({ onSettled: () => void refresh() }));
  const remove = useMutation(
    trpc.settings.removeMember.mutationOptions({
      onSettled: () => {
        setRemoving(null);
        void refresh();
      },
    }),
  );
  const error = changeRole.error ?? remove.error;
  // Admins may not change or remove owners, so they see an owner's role as text.
  const editable = (role: MemberRole) =>
    members.data !== undefined && members.data.canManage && grantableRoles(members.data.myRole).includes(role);

  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <h2 id="members-heading" className="text-lg font-semibold text-slate-900">
        {t('heading')}
      </h2>
      {members.data?.canManage && <InviteForm myRole={members.data.myRole} />}
      {error && <Alert className="text-sm">{errorText(error)}</Alert>}
      {members.isPending ? (
        <p className="text-sm text-slate-500">{t('loading')}</p>
      ) : members.isError ? (
        <Alert className="text-sm">{t('loadFailed')}</Alert>
      ) : (
        <DataTable
          rows={members.data.members}
          rowKey={(member) => member.id}
          columns={[
            {
              header: t('member'),
              title: true,
              cell: (member) => (
                <>
                  <p className="font-medium text-slate-900">
                    <span dir="auto">{member.name}</span>
                  </p>
                  <p className="text-xs text-slate-500">
                    <bdi dir="ltr">{member.email}</bdi>
                    {member.invitationPending ? t('pending') : ''}
                  </p>
                </>
              ),
            },
            {
              header: t('role'),
              cell: (member) =>
                editable(member.role) ? (
                  <select
                    aria-label={t('roleOf', { name: member.name })}
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(e) => changeRole.mutate({ membershipId: member.id, role: e.target.value as MemberRole })}
                    className="rounded-lg border border-slate-300 px-2 py-1 text-sm"
                  >
                    {grantableRoles(members.data.myRole).map((role) => (
                      <option key={role} value={role}>
                        {tCommon(`roles.${role}`)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span className="text-slate-700">{tCommon(`roles.${member.role}`)}</span>
                ),
            },
            { header: t('joined'), cell: (member) => formatTime(member.joinedAt), className: 'text-slate-700 sm:whitespace-nowrap' },
          ]}
          actions={
            members.data.canManage
              ? (member) =>
                  editable(member.role) && (
                    <Button className="text-red-700" onClick={() => setRemoving({ id: member.id, name: member.name })}>
                      {t('remove')}
                      <span className="sr-only"> {member.name}</span>
                    </Button>
                  )
              : undefined
          }
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('removeTitle', { name: removing.name })}
          body={t('removeBody')}
          confirmLabel={t('removeConfirm')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate({ membershipId: removing.id })}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

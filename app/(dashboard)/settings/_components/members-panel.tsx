'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { MemberRole } from '@/server/db';
import { ConfirmDialog } from '../../_components/confirm-dialog';
import { buttonClass } from '../../_components/ui';
import { formatTime } from './format-time';
import { InviteForm } from './invite-form';
import { grantableRoles, roleLabels } from './role-options';

/** Who belongs to the organization and with which role; owners and admins invite, change roles and remove. */
export function MembersPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.settings.members.queryOptions());
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.settings.members.queryKey() });
  const changeRole = useMutation(trpc.settings.changeRole.mutationOptions({ onSettled: () => void refresh() }));
  const remove = useMutation(trpc.settings.removeMember.mutationOptions({ onSettled: () => { setRemoving(null); void refresh(); } }));
  const error = changeRole.error ?? remove.error;

  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <h2 id="members-heading" className="text-lg font-semibold text-slate-900">Members</h2>
      {members.data?.canManage && <InviteForm myRole={members.data.myRole} />}
      {error && <p role="alert" className="text-sm text-red-700">{error.message}</p>}
      {members.isPending ? (
        <p className="text-sm text-slate-500">Loading members…</p>
      ) : members.isError ? (
        <p role="alert" className="text-sm text-red-700">Couldn’t load the members. Reload the page to try again.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">Member</th>
                <th scope="col" className="px-4 py-3">Role</th>
                <th scope="col" className="px-4 py-3">Joined</th>
                {members.data.canManage && <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {members.data.members.map((member) => {
                // Admins may not change or remove owners, so they see an owner's role as text.
                const editable = members.data.canManage && grantableRoles(members.data.myRole).includes(member.role);
                return (
                  <tr key={member.id}>
                    <td className="px-4 py-3">
                      <p className="font-medium text-slate-900">{member.name}</p>
                      <p className="text-xs text-slate-500">{member.email}{member.invitationPending ? ' · invitation not accepted yet' : ''}</p>
                    </td>
                    <td className="px-4 py-3">
                      {editable ? (
                        <select
                          aria-label={`Role of ${member.name}`}
                          value={member.role}
                          disabled={changeRole.isPending}
                          onChange={(e) => changeRole.mutate({ membershipId: member.id, role: e.target.value as MemberRole })}
                          className="rounded-lg border border-slate-300 px-2 py-1 text-sm"
                        >
                          {grantableRoles(members.data.myRole).map((role) => <option key={role} value={role}>{roleLabels[role]}</option>)}
                        </select>
                      ) : (
                        <span className="text-slate-700">{roleLabels[member.role]}</span>
                      )}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatTime(member.joinedAt)}</td>
                    {members.data.canManage && (
                      <td className="px-4 py-3 text-right">
                        {editable && (
                          <button type="button" className={`${buttonClass} text-red-700`} onClick={() => setRemoving({ id: member.id, name: member.name })}>
                            Remove<span className="sr-only"> {member.name}</span>
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          body="They lose access to this organization at once. Their account stays, and they can be invited again."
          confirmLabel="Remove member"
          pending={remove.isPending}
          onConfirm={() => remove.mutate({ membershipId: removing.id })}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

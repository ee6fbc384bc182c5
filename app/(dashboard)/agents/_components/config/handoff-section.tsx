'use client';

import { useTranslations } from 'next-intl';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { Panel, TextArea, TextField } from '@/app/(dashboard)/_components/kit';
import type { ConfigUpdate } from './config-update';
import { BilingualFields } from './bilingual-fields';
import { splitList } from './list-text';

/** The handoff step: what the agent never handles, what it says when it hands over, and when a handoff expires. */
export function HandoffSection({ config, update }: { config: AgentConfig; update: ConfigUpdate }) {
  const t = useTranslations('agents.builder.handoff');
  const handoff = config.handoff;
  const set = (next: Partial<AgentConfig['handoff']>) => update((c) => ({ ...c, handoff: { ...c.handoff, ...next } }));
  return (
    <Panel id="handoff" title={t('title')} intro={t('intro')}>
      <TextArea
        label={t('neverHandle')}
        hint={t('neverHandleHint')}
        value={handoff.never_handle.join('\n')}
        onChange={(text) => set({ never_handle: splitList(text, '\n') })}
      />
      <BilingualFields label={t('escalation')} value={handoff.escalation_reply} onChange={(escalation_reply) => set({ escalation_reply })} />
      <BilingualFields label={t('fallback')} value={handoff.fallback_message} onChange={(fallback_message) => set({ fallback_message })} />
      <TextField
        label={t('expire')}
        hint={t('expireHint')}
        type="number"
        min={1}
        max={24}
        value={String(handoff.expire_after_hours)}
        onChange={(text) => set({ expire_after_hours: Number(text) })}
      />
    </Panel>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { Panel, TextArea, TextField } from '@/app/(dashboard)/_components/kit';
import type { ConfigUpdate } from './config-update';

/** The first step: the agent's name and its instructions. */
export function BasicsSection({
  name,
  config,
  rename,
  update,
}: {
  name: string;
  config: AgentConfig;
  rename: (name: string) => void;
  update: ConfigUpdate;
}) {
  const t = useTranslations('agents.builder.basics');
  return (
    <Panel id="basics" title={t('title')}>
      <TextField label={t('name')} required maxLength={100} dir="auto" value={name} onChange={rename} />
      <TextArea
        label={t('instructions')}
        hint={t('instructionsHint')}
        rows={8}
        value={config.instructions}
        onChange={(instructions) => update((c) => ({ ...c, instructions }))}
      />
    </Panel>
  );
}

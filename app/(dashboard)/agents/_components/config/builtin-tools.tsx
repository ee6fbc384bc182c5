'use client';

import { useTranslations } from 'next-intl';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { Check } from '@/app/(dashboard)/_components/kit';
import type { ConfigUpdate } from './config-update';

const builtins = ['handoff', 'create_ticket', 'search_knowledge'] as const;

/** The built-in tools, ticked on or off (part of the tools step). */
export function BuiltinTools({ config, update }: { config: AgentConfig; update: ConfigUpdate }) {
  const t = useTranslations('agents.builder.tools');
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{t('builtins')}</legend>
      <div className="mt-2 space-y-2">
        {builtins.map((name) => (
          <Check
            key={name}
            label={t(`builtin.${name}`)}
            checked={config.tools.builtin.includes(name)}
            onChange={(checked) =>
              update((c) => ({
                ...c,
                tools: { ...c.tools, builtin: checked ? [...c.tools.builtin, name] : c.tools.builtin.filter((b) => b !== name) },
              }))
            }
          />
        ))}
      </div>
    </fieldset>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { Check, Panel } from '@/app/(dashboard)/_components/kit';
import type { ConfigUpdate } from './config-update';
import type { CatalogueEntry } from '../model-options';

const overridable = ['model', 'temperature', 'max_reply_tokens', 'instructions_append'] as const;

/** The overrides step: which settings and models a caller may change per run. */
export function OverridesSection({ config, models, update }: { config: AgentConfig; models: CatalogueEntry[]; update: ConfigUpdate }) {
  const t = useTranslations('agents.builder.overrides');
  const toggle = <T extends string>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));
  return (
    <Panel id="overrides" title={t('title')} intro={t('intro')}>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('allowed')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {overridable.map((field) => (
            <Check
              key={field}
              label={t(`fields.${field}`)}
              checked={config.overrides.allowed.includes(field)}
              onChange={(on) => update((c) => ({ ...c, overrides: { ...c.overrides, allowed: toggle(c.overrides.allowed, field, on) } }))}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('models')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {models.map((m) => (
            <Check
              key={m.id}
              label={
                <span dir="ltr" className="font-mono text-xs">
                  {m.id}
                </span>
              }
              checked={config.overrides.models.includes(m.id)}
              onChange={(on) => update((c) => ({ ...c, overrides: { ...c.overrides, models: toggle(c.overrides.models, m.id, on) } }))}
            />
          ))}
        </div>
      </fieldset>
    </Panel>
  );
}

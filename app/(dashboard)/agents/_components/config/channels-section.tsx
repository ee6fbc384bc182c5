'use client';

import { useTranslations } from 'next-intl';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { Check, inputClass, Panel, TextField } from '@/app/(dashboard)/_components/kit';
import type { ConfigUpdate } from './config-update';
import { BilingualFields } from './bilingual-fields';

/** The channels step: the WhatsApp numbers the agent answers on and the web widget. */
export function ChannelsSection({
  config,
  accounts,
  update,
}: {
  config: AgentConfig;
  accounts: Array<{ id: string; name: string; phone: string }>;
  update: ConfigUpdate;
}) {
  const t = useTranslations('agents.builder.channels');
  const { whatsapp, widget } = config.channels;
  const setWhatsapp = (next: Partial<typeof whatsapp>) =>
    update((c) => ({ ...c, channels: { ...c.channels, whatsapp: { ...c.channels.whatsapp, ...next } } }));
  const setWidget = (next: Partial<typeof widget>) =>
    update((c) => ({ ...c, channels: { ...c.channels, widget: { ...c.channels.widget, ...next } } }));
  return (
    <Panel id="channels" title={t('title')} intro={t('intro')}>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('whatsapp')}</legend>
        {accounts.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{t('noAccounts')}</p>
        ) : (
          <div className="mt-2 space-y-2">
            {accounts.map((account) => (
              <Check
                key={account.id}
                label={
                  <>
                    <span dir="auto">{account.name}</span>{' '}
                    <span dir="ltr" className="text-xs text-slate-600">
                      {account.phone}
                    </span>
                  </>
                }
                checked={whatsapp.accounts.includes(account.id)}
                onChange={(on) =>
                  setWhatsapp({ accounts: on ? [...whatsapp.accounts, account.id] : whatsapp.accounts.filter((a) => a !== account.id) })
                }
              />
            ))}
          </div>
        )}
      </fieldset>
      <TextField
        label={t('coalesce')}
        hint={t('coalesceHint')}
        type="number"
        min={0}
        max={10000}
        value={String(whatsapp.coalesce_ms)}
        onChange={(text) => setWhatsapp({ coalesce_ms: Number(text) })}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t('widget')}</legend>
        <Check label={t('widgetEnabled')} checked={widget.enabled} onChange={(enabled) => setWidget({ enabled })} />
        <BilingualFields label={t('greeting')} value={widget.greeting} onChange={(greeting) => setWidget({ greeting })} />
        <TextField
          label={t('askEmailAfter')}
          hint={t('askEmailAfterHint')}
          type="number"
          min={0}
          max={86400}
          value={String(widget.ask_email_after_seconds)}
          onChange={(text) => setWidget({ ask_email_after_seconds: Number(text) })}
        />
        <div className="flex flex-wrap items-end gap-4">
          <TextField
            label={t('color')}
            type="color"
            value={widget.theme.color ?? '#0f766e'}
            onChange={(color) => setWidget({ theme: { ...widget.theme, color } })}
          />
          <div>
            <label htmlFor="widget-position" className="block text-sm font-medium text-slate-800">
              {t('position')}
            </label>
            <select
              id="widget-position"
              className={inputClass}
              value={widget.theme.position ?? 'end'}
              onChange={(e) => setWidget({ theme: { ...widget.theme, position: e.target.value as 'start' | 'end' } })}
            >
              <option value="end">{t('positions.end')}</option>
              <option value="start">{t('positions.start')}</option>
            </select>
          </div>
        </div>
      </fieldset>
    </Panel>
  );
}

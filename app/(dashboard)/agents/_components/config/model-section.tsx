'use client';

import { useTranslations } from 'next-intl';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { Check, inputClass, Panel, TextField } from '@/app/(dashboard)/_components/kit';
import type { ConfigUpdate } from './config-update';
import { ModelOptions, useModelNote, type CatalogueEntry } from '../model-options';
import { isolateText } from '@/server/i18n/bidi-text';

const MAX_FALLBACKS = 3;

/** The model step: the main model, its fallbacks, the provider key and the sampling settings. */
export function ModelSection({
  config,
  models,
  credentials,
  update,
}: {
  config: AgentConfig;
  models: CatalogueEntry[];
  credentials: Array<{ id: string; name: string; provider: string; status: string }>;
  update: ConfigUpdate;
}) {
  const t = useTranslations('agents.builder.model');
  /** An empty field leaves the setting to the model's default. */
  const optionalNumber = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text));
  const note = useModelNote();
  const fallbacks = config.model.fallback_models;
  return (
    <Panel id="model" title={t('title')} intro={t('intro')}>
      <div>
        <label htmlFor="agent-model" className="block text-sm font-medium text-slate-800">
          {t('main')}
        </label>
        <select
          id="agent-model"
          className={inputClass}
          value={config.model.id}
          onChange={(e) =>
            update((c) => ({
              ...c,
              model: { ...c.model, id: e.target.value, fallback_models: c.model.fallback_models.filter((id) => id !== e.target.value) },
            }))
          }
        >
          {!models.some((m) => m.id === config.model.id) && <option value={config.model.id}>{config.model.id}</option>}
          <ModelOptions models={models} />
        </select>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('fallbacks', { max: MAX_FALLBACKS })}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {models
            .filter((m) => m.id !== config.model.id)
            .map((m) => {
              const on = fallbacks.includes(m.id);
              return (
                <Check
                  key={m.id}
                  label={
                    <>
                      <span dir="ltr" className="font-mono text-xs">
                        {m.id}
                      </span>{' '}
                      <span className="text-xs text-slate-600">({note(m)})</span>
                    </>
                  }
                  checked={on}
                  disabled={!on && (!m.allowed_on_plan || fallbacks.length >= MAX_FALLBACKS)}
                  onChange={(checked) =>
                    update((c) => ({
                      ...c,
                      model: {
                        ...c.model,
                        fallback_models: checked ? [...c.model.fallback_models, m.id] : c.model.fallback_models.filter((id) => id !== m.id),
                      },
                    }))
                  }
                />
              );
            })}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="agent-credential" className="block text-sm font-medium text-slate-800">
            {t('credential')}
          </label>
          <select
            id="agent-credential"
            className={inputClass}
            aria-describedby="agent-credential-hint"
            value={config.provider_credential ?? ''}
            onChange={(e) => update((c) => ({ ...c, provider_credential: e.target.value || null }))}
          >
            <option value="">{t('anyCredential')}</option>
            {credentials.map((credential) => (
              <option key={credential.id} value={credential.id}>
                {`${isolateText(credential.name)} (${credential.provider}${credential.status === 'valid' ? '' : `, ${t('refused')}`})`}
              </option>
            ))}
          </select>
          <p id="agent-credential-hint" className="mt-1 text-xs text-slate-600">
            {t('credentialHint')}
          </p>
        </div>
        <TextField
          label={t('temperature')}
          hint={t('temperatureHint')}
          type="number"
          min={0}
          max={2}
          value={config.model.temperature === undefined ? '' : String(config.model.temperature)}
          onChange={(text) => update((c) => ({ ...c, model: { ...c.model, temperature: optionalNumber(text) } }))}
        />
        <TextField
          label={t('maxReplyTokens')}
          hint={t('maxReplyTokensHint')}
          type="number"
          min={1}
          max={32000}
          value={config.model.max_reply_tokens === undefined ? '' : String(config.model.max_reply_tokens)}
          onChange={(text) => update((c) => ({ ...c, model: { ...c.model, max_reply_tokens: optionalNumber(text) } }))}
        />
      </div>
    </Panel>
  );
}

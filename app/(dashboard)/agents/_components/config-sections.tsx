'use client';

import { useTranslations } from 'next-intl';
import type { AgentConfig, AgentVariable } from '@/server/agent/agents/agent-config';
import { Button, buttonClass, Check, inputClass, Panel, TextArea, TextField } from '@/app/(dashboard)/_components/kit';
import { ModelOptions, useModelNote, type CatalogueEntry } from './model-options';

export type ConfigUpdate = (change: (config: AgentConfig) => AgentConfig) => void;

const MAX_FALLBACKS = 3;
const overridable = ['model', 'temperature', 'max_reply_tokens', 'instructions_append'] as const;
const builtins = ['handoff', 'create_ticket', 'search_knowledge'] as const;

/** A list edited as text, one item per comma or line; empty items stay while typing and are dropped on save. */
const splitList = (text: string, separator: string) => text.split(separator).map((part) => part.trimStart());

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
                {`${credential.name} (${credential.provider}${credential.status === 'valid' ? '' : `, ${t('refused')}`})`}
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

export function VariablesSection({ config, update }: { config: AgentConfig; update: ConfigUpdate }) {
  const t = useTranslations('agents.builder.variables');
  const change = (index: number, next: Partial<AgentVariable>) =>
    update((c) => ({ ...c, variables: c.variables.map((v, i) => (i === index ? { ...v, ...next } : v)) }));
  return (
    <Panel id="variables" title={t('title')} intro={t('intro')}>
      {config.variables.length === 0 && <p className="text-sm text-slate-600">{t('empty')}</p>}
      {config.variables.map((variable, index) => (
        // min-w-0: a fieldset is as wide as its longest word by default, and a variable's name may be one long word.
        <fieldset key={index} className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="max-w-full px-1 text-sm font-medium [overflow-wrap:anywhere] text-slate-800">
            {t('legend', { n: index + 1, name: variable.name || '…' })}
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={t('name')} value={variable.name} dir="ltr" onChange={(name) => change(index, { name })} />
            <div>
              <label htmlFor={`var-type-${index}`} className="block text-sm font-medium text-slate-800">
                {t('type')}
              </label>
              <select
                id={`var-type-${index}`}
                className={inputClass}
                value={variable.type}
                onChange={(e) => change(index, { type: e.target.value as AgentVariable['type'], default: undefined })}
              >
                <option value="string">{t('types.string')}</option>
                <option value="number">{t('types.number')}</option>
                <option value="boolean">{t('types.boolean')}</option>
              </select>
            </div>
            <TextField
              label={t('allowedHosts')}
              hint={t('allowedHostsHint')}
              dir="ltr"
              value={(variable.allowed_hosts ?? []).join(', ')}
              onChange={(text) => change(index, { allowed_hosts: splitList(text, ',') })}
            />
            {/* A secret has no default: the API refuses one, as it would be stored and readable. */}
            {!variable.secret && (
              <TextField
                label={t('default')}
                hint={t('defaultHint')}
                dir="auto"
                value={variable.default === undefined ? '' : String(variable.default)}
                onChange={(text) => change(index, { default: typedDefault(variable.type, text) })}
              />
            )}
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <Check label={t('required')} checked={variable.required} onChange={(required) => change(index, { required })} />
            <Check
              label={t('secret')}
              hint={t('secretHint')}
              checked={variable.secret}
              onChange={(secret) => change(index, secret ? { secret, browser_settable: false, default: undefined } : { secret })}
            />
            <Check
              label={t('browserSettable')}
              hint={t('browserSettableHint')}
              checked={variable.browser_settable}
              disabled={variable.secret}
              onChange={(browser_settable) => change(index, { browser_settable })}
            />
            <button
              type="button"
              className={`${buttonClass} ms-auto max-w-full [overflow-wrap:anywhere]`}
              onClick={() => update((c) => ({ ...c, variables: c.variables.filter((_, i) => i !== index) }))}
            >
              {t('remove', { name: variable.name || String(index + 1) })}
            </button>
          </div>
        </fieldset>
      ))}
      <Button
        onClick={() =>
          update((c) => ({
            ...c,
            variables: [...c.variables, { name: '', type: 'string', required: false, secret: false, browser_settable: false }],
          }))
        }
      >
        {t('add')}
      </Button>
    </Panel>
  );
}

/** A default as its type: numbers and booleans are stored as such, an empty field as no default. */
function typedDefault(type: AgentVariable['type'], text: string): AgentVariable['default'] {
  if (text === '') return undefined;
  if (type === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

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

type Bilingual = { en: string; ar: string } | undefined;

function BilingualFields({ label, value, onChange }: { label: string; value: Bilingual; onChange: (value: { en: string; ar: string }) => void }) {
  const t = useTranslations('agents.builder');
  const current = value ?? { en: '', ar: '' };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextArea
        label={t('inEnglish', { label })}
        value={current.en}
        dir="ltr"
        lang="en"
        rows={2}
        onChange={(en) => onChange({ ...current, en })}
      />
      <TextArea
        label={t('inArabic', { label })}
        value={current.ar}
        dir="rtl"
        lang="ar"
        rows={2}
        onChange={(ar) => onChange({ ...current, ar })}
      />
    </div>
  );
}

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

/** The draft as a merge patch: every field as edited, empty texts and lists tidied, cleared optional parts removed (null). */
export function draftPatch(config: AgentConfig): Record<string, unknown> {
  const bilingual = (value: Bilingual) => (value && (value.en.trim() || value.ar.trim()) ? value : null);
  const { widget } = config.channels;
  const { temperature, max_reply_tokens, ...model } = config.model;
  return {
    ...config,
    model: { ...model, temperature: temperature ?? null, max_reply_tokens: max_reply_tokens ?? null },
    variables: config.variables.map(({ allowed_hosts, default: fallback, ...variable }) => {
      const hosts = (allowed_hosts ?? []).map((h) => h.trim()).filter(Boolean);
      return { ...variable, ...(hosts.length > 0 ? { allowed_hosts: hosts } : {}), ...(fallback === undefined ? {} : { default: fallback }) };
    }),
    handoff: {
      ...config.handoff,
      never_handle: config.handoff.never_handle.map((line) => line.trim()).filter(Boolean),
      escalation_reply: bilingual(config.handoff.escalation_reply),
      fallback_message: bilingual(config.handoff.fallback_message),
    },
    channels: {
      ...config.channels,
      widget: {
        ...widget,
        greeting: bilingual(widget.greeting),
        theme: { color: widget.theme.color ?? null, position: widget.theme.position ?? null },
      },
    },
  };
}

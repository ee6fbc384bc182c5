'use client';

import { useTranslations } from 'next-intl';
import type { AgentConfig, AgentVariable } from '@/server/agent/agents/agent-config';
import { Button, Check, inputClass, Panel, TextField } from '@/app/(dashboard)/_components/kit';
import type { ConfigUpdate } from './config-update';
import { splitList } from './list-text';

/** The variables step: each variable the instructions and tools may use, its type, default and who may set it. */
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
            <Button
              className="ms-auto max-w-full [overflow-wrap:anywhere]"
              onClick={() => update((c) => ({ ...c, variables: c.variables.filter((_, i) => i !== index) }))}
            >
              {t('remove', { name: variable.name || String(index + 1) })}
            </Button>
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

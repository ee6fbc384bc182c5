'use client';

import { useTranslations } from 'next-intl';
import { campaignContactFields, type CampaignContactField, type VariableSources } from '@/server/campaigns/variable-sources';

/**
 * Where one variable's value comes from, as a form holds it: a CSV column (the builder), the
 * value each recipient already has (no choice: a draft or the retargeted campaign), a fixed
 * value, or a contact field. `toSources` turns the choices into what the server resolves.
 */
export type SourceChoice =
  { kind: 'column'; column: string } | { kind: 'fixed'; value: string } | { kind: 'contact'; field: CampaignContactField };

export type SourceChoices = Record<string, SourceChoice>;

/** The fixed and contact-field choices; columns are read into each row and `keep` leaves the stored value. */
export function toSources(choices: SourceChoices): VariableSources {
  const sources: VariableSources = {};
  for (const [variable, choice] of Object.entries(choices)) {
    if (choice.kind === 'fixed') sources[variable] = { kind: 'fixed', value: choice.value.trim() };
    if (choice.kind === 'contact') sources[variable] = { kind: 'contact', field: choice.field };
  }
  return sources;
}

/** Variables a fixed value leaves empty: the form refuses them before anything is sent. */
export const emptyFixed = (choices: SourceChoices) =>
  Object.entries(choices)
    .filter(([, c]) => c.kind === 'fixed' && !c.value.trim())
    .map(([variable]) => variable);

const encode = (choice: SourceChoice | undefined) =>
  !choice ? 'none' : choice.kind === 'column' ? `column:${choice.column}` : choice.kind === 'contact' ? `contact:${choice.field}` : choice.kind;

function decode(value: string, previous: SourceChoice | undefined): SourceChoice | undefined {
  if (value.startsWith('column:')) return { kind: 'column', column: value.slice('column:'.length) };
  if (value.startsWith('contact:')) return { kind: 'contact', field: value.slice('contact:'.length) as CampaignContactField };
  if (value === 'fixed') return { kind: 'fixed', value: previous?.kind === 'fixed' ? previous.value : '' };
  return undefined;
}

interface PickerProps {
  variables: string[];
  choices: SourceChoices;
  onChange: (next: SourceChoices) => void;
  /** The CSV's columns (the builder); without them the first choice keeps each recipient's stored value. */
  columns?: string[];
  selectClass: string;
}

/** One select per template variable (and a text box when it takes a fixed value). */
export function VariableSourcePicker({ variables, choices, onChange, columns, selectClass }: PickerProps) {
  const t = useTranslations('campaigns.sources');
  const tCommon = useTranslations('common');
  const set = (variable: string, choice: SourceChoice | undefined) => {
    const next = { ...choices };
    if (choice) next[variable] = choice;
    else delete next[variable];
    onChange(next);
  };
  return (
    <>
      {variables.map((v) => {
        const choice = choices[v];
        return (
          <div key={v} className="text-sm">
            <label className="block">
              <bdi dir="ltr">{`{{${v}}}`}</bdi>
              <select
                aria-label={t('sourceFor', { variable: v })}
                className={selectClass}
                value={encode(choice)}
                onChange={(e) => set(v, decode(e.target.value, choice))}
              >
                <option value="none">{columns ? tCommon('choose') : t('keep')}</option>
                {columns && (
                  <optgroup label={t('columns')}>
                    {columns.map((c) => (
                      <option key={c} value={`column:${c}`}>
                        {c}
                      </option>
                    ))}
                  </optgroup>
                )}
                <option value="fixed">{t('fixed')}</option>
                <optgroup label={t('contactFields')}>
                  {campaignContactFields.map((field) => (
                    <option key={field} value={`contact:${field}`}>
                      {t(`field.${field}`)}
                    </option>
                  ))}
                </optgroup>
              </select>
            </label>
            {choice?.kind === 'fixed' && (
              <input
                aria-label={t('fixedFor', { variable: v })}
                dir="auto"
                className={selectClass}
                value={choice.value}
                onChange={(e) => set(v, { kind: 'fixed', value: e.target.value })}
              />
            )}
          </div>
        );
      })}
    </>
  );
}

/** The picker in a fieldset of its own, shown only when the template has variables (the draft and retarget forms). */
export function VariablesFieldset({ legend, className, ...picker }: PickerProps & { legend: string; className: string }) {
  if (picker.variables.length === 0) return null;
  return (
    <fieldset className={`grid gap-3 ${className}`}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <VariableSourcePicker {...picker} />
    </fieldset>
  );
}

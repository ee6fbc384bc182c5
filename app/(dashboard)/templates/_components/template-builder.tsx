'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { Alert, Button, Check, FormActions, SelectField, TextArea, TextField } from '@/app/(dashboard)/_components/kit';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import type { TemplateInput } from '@/server/templates/template-input';
import { BuilderButtons } from './builder-buttons';
import { bodyVariables, directionOf, headerVariable, inputOf, reviewWarnings, type BuilderState, type HeaderChoice } from './builder-state';
import { TemplatePreview } from './template-preview';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Writes a template (new, copied into another language, or a decided one edited and sent back
 * to review) beside a preview that looks like WhatsApp, in both directions of text.
 */
export function TemplateBuilder({
  mode,
  templateId,
  initial,
  accounts,
}: {
  mode: 'create' | 'resubmit';
  templateId?: string;
  initial: BuilderState;
  accounts: string[];
}) {
  const t = useTranslations('templates.builder');
  const tStatus = useTranslations('templates');
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [state, setState] = useState(initial);
  const [dir, setDir] = useState<'ltr' | 'rtl'>(directionOf(initial.language));
  const set = (change: Partial<BuilderState>) => setState((current) => ({ ...current, ...change }));
  const done = (id: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.templates.pathKey() });
    router.push(`/templates/${id}`);
  };
  const create = useMutation(trpc.templates.create.mutationOptions({ onSuccess: (template) => done(template.id) }));
  const resubmit = useMutation(trpc.templates.resubmit.mutationOptions({ onSuccess: (template) => done(template.id) }));
  const submitting = mode === 'create' ? create : resubmit;
  const locked = mode === 'resubmit';
  const auth = state.category === 'AUTHENTICATION';
  const variables = bodyVariables(state);
  const headerVar = headerVariable(state);
  const warnings = reviewWarnings(state);

  const submit = () => {
    // The schema's defaults are applied on the server; the service names whatever is missing.
    const input = inputOf(state) as TemplateInput;
    if (mode === 'create') create.mutate(input);
    else if (templateId) resubmit.mutate({ id: templateId, template: input });
  };

  const setCategory = (category: BuilderState['category']) =>
    set({
      category,
      buttons:
        category === 'AUTHENTICATION'
          ? [{ type: 'OTP', text: '', url: '', phoneNumber: '', example: '' }]
          : state.buttons.filter((b) => b.type !== 'OTP'),
    });

  const addVariable = () => {
    const next = state.parameterFormat === 'POSITIONAL' ? String(variables.length + 1) : `variable_${variables.length + 1}`;
    set({ bodyText: `${state.bodyText}${state.bodyText && !state.bodyText.endsWith(' ') ? ' ' : ''}{{${next}}}` });
  };

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <form
        className="min-w-0 space-y-6"
        aria-label={t(mode === 'create' ? 'formLabel' : 'editLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Section title={t('basics')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('name')}
              hint={t('nameHint')}
              dir="ltr"
              required
              maxLength={512}
              value={state.name}
              onChange={(name) => set({ name: name.toLowerCase().replace(/[\s-]+/g, '_') })}
              {...(locked ? { readOnly: true } : {})}
            />
            <TextField
              label={t('language')}
              hint={t('languageHint')}
              dir="ltr"
              required
              value={state.language}
              onChange={(language) => {
                set({ language });
                setDir(directionOf(language));
              }}
              {...(locked ? { readOnly: true } : {})}
            />
            <SelectField label={t('category')} value={state.category} onChange={(value) => setCategory(value as BuilderState['category'])}>
              {(['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const).map((category) => (
                <option key={category} value={category}>
                  {tStatus(`categories.${category}`)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('account')} value={state.account} disabled={locked} onChange={(account) => set({ account })}>
              {accounts.map((account) => (
                <option key={account} value={account}>
                  {account}
                </option>
              ))}
            </SelectField>
            {!auth && (
              <SelectField
                label={t('parameterFormat')}
                value={state.parameterFormat}
                disabled={locked}
                onChange={(value) => set({ parameterFormat: value as BuilderState['parameterFormat'] })}
              >
                <option value="NAMED">{t('named')}</option>
                <option value="POSITIONAL">{t('positional')}</option>
              </SelectField>
            )}
          </div>
          <p className="text-xs text-slate-600">{t(`categoryHints.${state.category}`)}</p>
        </Section>

        {!auth && (
          <Section title={t('header')}>
            <SelectField label={t('headerKind')} value={state.header} onChange={(value) => set({ header: value as HeaderChoice })}>
              {(['NONE', 'TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const).map((kind) => (
                <option key={kind} value={kind}>
                  {t(`headerKinds.${kind}`)}
                </option>
              ))}
            </SelectField>
            {state.header === 'TEXT' && (
              <TextField
                label={t('headerText')}
                hint={t('headerTextHint')}
                maxLength={60}
                value={state.headerText}
                onChange={(headerText) => set({ headerText })}
              />
            )}
            {state.header === 'TEXT' && headerVar && (
              <TextField
                label={t('exampleFor', { variable: `{{${headerVar}}}` })}
                value={state.headerExample}
                onChange={(headerExample) => set({ headerExample })}
              />
            )}
            {state.header !== 'NONE' && state.header !== 'TEXT' && (
              <TextField
                label={t('sampleUrl')}
                hint={t('sampleUrlHint')}
                type="url"
                dir="ltr"
                value={state.headerExample}
                onChange={(headerExample) => set({ headerExample })}
              />
            )}
          </Section>
        )}

        <Section title={t('body')}>
          {auth ? (
            <Check
              label={t('securityRecommendation')}
              checked={state.securityRecommendation}
              onChange={(securityRecommendation) => set({ securityRecommendation })}
            />
          ) : (
            <>
              <TextArea label={t('bodyText')} hint={t('bodyHint')} rows={5} value={state.bodyText} onChange={(bodyText) => set({ bodyText })} />
              <div>
                <Button size="xs" onClick={addVariable}>
                  {t('addVariable')}
                </Button>
              </div>
              {variables.length > 0 && (
                <div className="grid gap-3 sm:grid-cols-2" role="group" aria-label={t('examples')}>
                  {variables.map((name) => (
                    <TextField
                      key={name}
                      label={t('exampleFor', { variable: `{{${name}}}` })}
                      value={state.examples[name] ?? ''}
                      maxLength={200}
                      onChange={(value) => set({ examples: { ...state.examples, [name]: value } })}
                    />
                  ))}
                </div>
              )}
              {warnings.length > 0 && (
                <Alert tone="warning" look="box" as="div">
                  <p className="font-medium">{t('reviewWarning')}</p>
                  <ul className="mt-1 list-disc ps-5">
                    {warnings.map((warning) => (
                      <li key={warning}>{t(`warnings.${warning}`)}</li>
                    ))}
                  </ul>
                </Alert>
              )}
            </>
          )}
        </Section>

        <Section title={t('footer')}>
          {auth ? (
            <TextField
              label={t('codeExpiration')}
              type="number"
              min={1}
              max={90}
              value={state.codeExpiration}
              onChange={(codeExpiration) => set({ codeExpiration })}
            />
          ) : (
            <TextField
              label={t('footerText')}
              hint={t('footerHint')}
              maxLength={60}
              value={state.footerText}
              onChange={(footerText) => set({ footerText })}
            />
          )}
        </Section>

        <Section title={t('buttonsTitle')}>
          <BuilderButtons state={state} onChange={(buttons) => set({ buttons })} />
        </Section>

        {submitting.error && (
          <Alert look="box" data-testid="template-error">
            {errorText(submitting.error)}
          </Alert>
        )}
        <FormActions
          submitLabel={t(mode === 'create' ? 'submit' : 'resubmit')}
          pendingLabel={t('submitting')}
          pending={submitting.isPending}
          onCancel={() => router.push(templateId ? `/templates/${templateId}` : '/templates')}
        />
      </form>

      <aside className="min-w-0 lg:sticky lg:top-6 lg:self-start" aria-label={t('previewLabel')}>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">{t('preview')}</h2>
          <div role="radiogroup" aria-label={t('direction')} className="inline-flex rounded-lg border border-slate-300 p-0.5 text-xs">
            {(['ltr', 'rtl'] as const).map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={dir === option}
                onClick={() => setDir(option)}
                className={`rounded-md px-2 py-1 font-medium ${dir === option ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {t(`directions.${option}`)}
              </button>
            ))}
          </div>
        </div>
        <TemplatePreview state={state} dir={dir} />
      </aside>
    </div>
  );
}

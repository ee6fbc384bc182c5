'use client';

import { useTranslations } from 'next-intl';

export interface CatalogueEntry {
  id: string;
  provider: string;
  allowed_on_plan: boolean;
  configured: boolean;
}

/** What a model option says besides its id: not on the plan, or no provider key for it yet. */
export function useModelNote(): (model: CatalogueEntry) => string {
  const t = useTranslations('agents.models');
  return (model) => (!model.allowed_on_plan ? t('notOnPlan') : !model.configured ? t('noKey') : t('ready'));
}

/** The catalogue as `<option>`s; models the plan refuses are shown but cannot be picked. */
export function ModelOptions({ models }: { models: CatalogueEntry[] }) {
  const note = useModelNote();
  return (
    <>
      {models.map((model) => (
        <option key={model.id} value={model.id} disabled={!model.allowed_on_plan}>
          {`${model.id} — ${note(model)}`}
        </option>
      ))}
    </>
  );
}

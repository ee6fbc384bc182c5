'use client';

import { useTranslations } from 'next-intl';
import { Button, RowButton, TextField } from '@/app/(dashboard)/_components/kit';
import { emptyButton, type BuilderState, type ButtonChoice, type ButtonDraft } from './builder-state';

const addable: ButtonChoice[] = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE'];

/** The template's buttons: each kind with its own fields, added and removed in place. */
export function BuilderButtons({ state, onChange }: { state: BuilderState; onChange: (buttons: ButtonDraft[]) => void }) {
  const t = useTranslations('templates.builder.buttons');
  const set = (index: number, change: Partial<ButtonDraft>) => onChange(state.buttons.map((b, i) => (i === index ? { ...b, ...change } : b)));

  if (state.category === 'AUTHENTICATION') {
    const otp = state.buttons[0] ?? emptyButton('OTP');
    return (
      <TextField
        label={t('otpText')}
        hint={t('otpHint')}
        value={otp.text}
        maxLength={25}
        onChange={(text) => onChange([{ ...otp, type: 'OTP', text }])}
      />
    );
  }

  return (
    <div className="space-y-4">
      {state.buttons.map((button, index) => (
        <fieldset key={index} className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-xs font-semibold text-slate-700">{t(`types.${button.type}`)}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {button.type !== 'COPY_CODE' && (
              <TextField label={t('text')} value={button.text} maxLength={25} onChange={(text) => set(index, { text })} />
            )}
            {button.type === 'URL' && (
              <TextField
                label={t('url')}
                hint={t('urlHint', { variable: '{{1}}' })}
                dir="ltr"
                value={button.url}
                onChange={(url) => set(index, { url })}
              />
            )}
            {button.type === 'URL' && /\{\{1\}\}$/.test(button.url) && (
              <TextField label={t('urlExample')} dir="ltr" value={button.example} onChange={(example) => set(index, { example })} />
            )}
            {button.type === 'PHONE_NUMBER' && (
              <TextField
                label={t('phone')}
                hint={t('phoneHint')}
                dir="ltr"
                value={button.phoneNumber}
                onChange={(phoneNumber) => set(index, { phoneNumber })}
              />
            )}
            {button.type === 'COPY_CODE' && (
              <TextField
                label={t('code')}
                hint={t('codeHint')}
                dir="ltr"
                maxLength={15}
                value={button.example}
                onChange={(example) => set(index, { example })}
              />
            )}
          </div>
          <div className="mt-2">
            <RowButton
              label={t('remove')}
              fullLabel={t('removeNamed', { name: button.text || t(`types.${button.type}`) })}
              onClick={() => onChange(state.buttons.filter((_, i) => i !== index))}
            />
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('add')}>
        {addable.map((type) => (
          <Button key={type} size="xs" disabled={state.buttons.length >= 10} onClick={() => onChange([...state.buttons, emptyButton(type)])}>
            + {t(`types.${type}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}

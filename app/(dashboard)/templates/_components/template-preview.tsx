'use client';

import { useTranslations } from 'next-intl';
import { Fragment } from 'react';
import type { BuilderState } from './builder-state';

/** Variables shown with their example value, marked so the writer sees what a customer will read in their place. */
function Filled({ text, examples, named }: { text: string; examples: Record<string, string>; named?: string }) {
  const parts = text.split(/(\{\{\s*[A-Za-z0-9_]+\s*\}\})/g);
  return (
    <>
      {parts.map((part, index) => {
        const name = /^\{\{\s*([A-Za-z0-9_]+)\s*\}\}$/.exec(part)?.[1];
        if (!name) return <Fragment key={index}>{part}</Fragment>;
        const value = (named && name === named ? examples[''] : examples[name])?.trim();
        return (
          <mark key={index} className="rounded bg-emerald-100 px-0.5 text-emerald-900" title={`{{${name}}}`}>
            <bdi>{value || `{{${name}}}`}</bdi>
          </mark>
        );
      })}
    </>
  );
}

const buttonIcons: Record<string, string> = { URL: '↗', PHONE_NUMBER: '☎', COPY_CODE: '⧉', OTP: '⧉', QUICK_REPLY: '↩' };

/**
 * The template as WhatsApp shows it: a message bubble on the chat's wallpaper with its header,
 * body, footer and buttons, in the direction the writer chose to check (both are read).
 */
export function TemplatePreview({ state, dir }: { state: BuilderState; dir: 'ltr' | 'rtl' }) {
  const t = useTranslations('templates.preview');
  const auth = state.category === 'AUTHENTICATION';
  const body = auth ? `${t('authBody', { code: '123456' })}${state.securityRecommendation ? ` ${t('authAdvice')}` : ''}` : state.bodyText;
  const footer = auth ? t('authFooter', { minutes: Number(state.codeExpiration) || 10 }) : state.footerText;
  return (
    <div dir={dir} className="rounded-xl bg-[#efeae2] p-4" data-testid="template-preview">
      <div className="max-w-sm rounded-lg rounded-ss-none bg-white p-2 text-sm text-slate-900 shadow-sm">
        {!auth && state.header === 'TEXT' && state.headerText && (
          <p className="px-1 pt-1 font-semibold wrap-anywhere">
            <Filled text={state.headerText} examples={{ ...state.examples, '': state.headerExample }} named={placeholdersOf(state.headerText)} />
          </p>
        )}
        {!auth && (state.header === 'IMAGE' || state.header === 'VIDEO' || state.header === 'DOCUMENT') && (
          <div className="flex h-32 items-center justify-center rounded-md bg-slate-200 text-xs font-medium text-slate-600">
            {t(`media.${state.header}`)}
          </div>
        )}
        <p className="px-1 pt-1 whitespace-pre-wrap wrap-anywhere">
          {body ? <Filled text={body} examples={state.examples} /> : <span className="text-slate-500">{t('emptyBody')}</span>}
        </p>
        {footer && <p className="px-1 pt-1 text-xs text-slate-500 wrap-anywhere">{footer}</p>}
        <p className="px-1 text-end text-[11px] text-slate-500" dir="ltr">
          12:00
        </p>
      </div>
      {state.buttons.length > 0 && (
        <ul className="mt-1 max-w-sm space-y-1">
          {state.buttons.map((button, index) => (
            <li
              key={index}
              className="flex items-center justify-center gap-1.5 rounded-lg bg-white py-2 text-sm font-medium text-sky-700 shadow-sm"
            >
              <span aria-hidden="true">{buttonIcons[button.type]}</span>
              <span className="wrap-anywhere">{button.text || t(`buttonDefaults.${button.type}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const placeholdersOf = (text: string) => /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/.exec(text)?.[1];

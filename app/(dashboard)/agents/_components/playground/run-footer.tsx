'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Alert } from '@/app/(dashboard)/_components/kit';
import { isSettled, type ReplyTurn } from '../playground-turns';

/** The run's end: what answered and what it used, or why it stopped. */
export function RunFooter({ reply }: { reply: ReplyTurn }) {
  const t = useTranslations('agents.builder.playground');
  const format = useFormatter();
  const failed = reply.status === 'failed' || reply.error !== null;
  return (
    <>
      {reply.outcome === 'handed_off' && <p className="text-amber-900">{t('handedOff')}</p>}
      {reply.status === 'requires_action' && <p className="text-amber-900">{t('clientToolsStopped')}</p>}
      {reply.status === 'cancelled' && <p className="text-slate-600">{t('cancelled')}</p>}
      {failed && (
        <Alert look="box" data-testid="playground-run-error">
          {runErrorText(t, reply.error)}
        </Alert>
      )}
      {(reply.model || reply.usage) && isSettled(reply) && (
        <p className="text-xs text-slate-600" data-testid="playground-run-usage">
          {reply.model && (
            <span className="font-mono" dir="ltr">
              {reply.model}
            </span>
          )}
          {reply.usage && (
            <>
              {reply.model && ' · '}
              {t('usage', {
                input: format.number(reply.usage.input_tokens),
                output: format.number(reply.usage.output_tokens),
                cost: format.number(reply.usage.cost_micros / 1_000_000, { style: 'currency', currency: 'USD', maximumFractionDigits: 6 }),
              })}
            </>
          )}
        </p>
      )}
    </>
  );
}

type PlaygroundT = ReturnType<typeof useTranslations<'agents.builder.playground'>>;

/** A run's failure in plain words: ours for the codes we know, else the service's message. */
function runErrorText(t: PlaygroundT, error: ReplyTurn['error']): string {
  if (!error) return t('runErrors.unknown');
  if (t.has(`runErrors.${error.code}`)) return t(`runErrors.${error.code}`);
  return error.message || t('runErrors.unknown');
}

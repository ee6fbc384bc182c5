'use client';

import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button, ErrorLine, FormActions, TextField, useToast } from '@/app/(dashboard)/_components/kit';
import { loadSdk, runEmbeddedSignup, type SignupConfig } from './use-embedded-signup';

/** Refusals at registration, after the token was stored: a retry resumes with it, asking only for the PIN again. */
const RESUMABLE = new Set(['wrong_pin', 'pin_locked', 'too_many_registrations', 'busy']);

type Source = { token: string } | { code: string } | { resume: true };
type Target = { wabaId: string; phoneNumberId: string };

/**
 * Connect a number (docs/going-live.md, "Connecting a number"): with the platform's Embedded
 * Signup popup, or by hand with the business account id, the phone number id and a system
 * user's token. Either way the number's PIN comes first, because the popup's code lives 30 s.
 */
export function ConnectNumber({
  signup,
  reconnect,
  onClose,
}: {
  signup: SignupConfig;
  /** A number that needs attention or was disconnected: connected again with its own ids and a new token. */
  reconnect: (Target & { name: string }) | null;
  onClose: () => void;
}) {
  const t = useTranslations('settings.connect');
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const errorText = useErrorText();
  const [mode, setMode] = useState<'closed' | 'choose' | 'manual'>('closed');
  const [pin, setPin] = useState('');
  const [manual, setManual] = useState({ wabaId: '', phoneNumberId: '', token: '' });
  const [notice, setNotice] = useState<string | null>(null);
  const [launching, setLaunching] = useState(false);
  const [resumable, setResumable] = useState<Target | null>(null);
  const connect = useMutation(
    trpc.settings.connectNumber.mutationOptions({
      onSuccess: (connected) => {
        toast(t('connected', { name: connected.name }));
        close();
        setPin('');
        router.refresh();
      },
    }),
  );
  const close = () => {
    setMode('closed');
    setResumable(null);
    setManual({ wabaId: '', phoneNumberId: '', token: '' });
    onClose();
  };
  // Reconnect: the panel opens on the number's own ids; a new token (or the popup) and its PIN do the rest.
  useEffect(() => {
    if (!reconnect) return;
    setManual({ wabaId: reconnect.wabaId, phoneNumberId: reconnect.phoneNumberId, token: '' });
    setNotice(null);
    setMode('manual');
  }, [reconnect?.wabaId, reconnect?.phoneNumberId]);
  const submit = (target: Target, source: Source) => {
    setNotice(null);
    connect.mutate(
      { ...target, pin, source },
      {
        onError: (error) => {
          const reason = error instanceof TRPCClientError ? (error.data as { appCode?: string } | undefined)?.appCode : undefined;
          setResumable(reason && RESUMABLE.has(reason) ? target : null);
        },
      },
    );
  };
  const launchSignup = async () => {
    setNotice(null);
    connect.reset();
    setLaunching(true);
    try {
      const outcome = await runEmbeddedSignup(signup);
      if (outcome.kind === 'finished') submit({ wabaId: outcome.wabaId, phoneNumberId: outcome.phoneNumberId }, { code: outcome.code });
      else setNotice(outcome.kind === 'cancelled' ? t('cancelled') : t('signupFailed', { message: outcome.message }));
    } catch {
      setNotice(t('sdkFailed'));
    } finally {
      setLaunching(false);
    }
  };
  const pinValid = /^\d{6}$/.test(pin);
  useEffect(() => {
    if (mode === 'choose') loadSdk(signup.sdkUrl).catch(() => setNotice(t('sdkFailed')));
  }, [mode, signup.sdkUrl, t]);

  if (mode === 'closed') {
    return (
      <Button variant="primary" onClick={() => setMode('choose')}>
        {t('open')}
      </Button>
    );
  }
  return (
    <section aria-labelledby="connect-heading" className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <h3 id="connect-heading" className="text-base font-semibold text-slate-900">
        {reconnect ? t('reconnectTitle', { name: reconnect.name }) : t('title')}
      </h3>
      <p className="max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      <TextField
        label={t('pin')}
        hint={t('pinHint')}
        type="password"
        autoComplete="off"
        dir="ltr"
        required
        minLength={6}
        maxLength={6}
        value={pin}
        onChange={(value) => setPin(value.replace(/\D/g, '').slice(0, 6))}
      />
      {notice && (
        <Alert tone="warning" className="text-sm wrap-anywhere">
          {notice}
        </Alert>
      )}
      <ErrorLine text={connect.error ? errorText(connect.error) : null} />
      {resumable && (
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" disabled={!pinValid} busy={connect.isPending} onClick={() => submit(resumable, { resume: true })}>
            {connect.isPending ? t('connecting') : t('retry')}
          </Button>
          <Button
            onClick={() => {
              connect.reset();
              close();
            }}
          >
            {t('close')}
          </Button>
        </div>
      )}
      {mode === 'choose' && !resumable && (
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" disabled={!pinValid} busy={launching || connect.isPending} onClick={() => void launchSignup()}>
            {launching || connect.isPending ? t('connecting') : t('signup')}
          </Button>
          <Button onClick={() => setMode('manual')}>{t('manual')}</Button>
          <Button onClick={close}>{t('close')}</Button>
        </div>
      )}
      {mode === 'manual' && !resumable && (
        <form
          aria-label={t('manualTitle')}
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit({ wabaId: manual.wabaId.trim(), phoneNumberId: manual.phoneNumberId.trim() }, { token: manual.token });
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('wabaId')}
              hint={t('wabaIdHint')}
              dir="ltr"
              required
              maxLength={32}
              value={manual.wabaId}
              onChange={(wabaId) => setManual({ ...manual, wabaId })}
            />
            <TextField
              label={t('phoneNumberId')}
              hint={t('phoneNumberIdHint')}
              dir="ltr"
              required
              maxLength={32}
              value={manual.phoneNumberId}
              onChange={(phoneNumberId) => setManual({ ...manual, phoneNumberId })}
            />
          </div>
          <TextField
            label={t('token')}
            hint={t('tokenHint')}
            type="password"
            autoComplete="off"
            dir="ltr"
            required
            maxLength={4096}
            value={manual.token}
            onChange={(token) => setManual({ ...manual, token })}
          />
          <FormActions
            submitLabel={t('submit')}
            pendingLabel={t('connecting')}
            pending={connect.isPending}
            disabled={!pinValid}
            onCancel={() => setMode('choose')}
          />
        </form>
      )}
    </section>
  );
}

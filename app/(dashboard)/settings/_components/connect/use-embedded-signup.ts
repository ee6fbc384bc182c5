'use client';

/** Where the platform's JavaScript SDK is and which app and configuration it signs businesses up for. */
export interface SignupConfig {
  sdkUrl: string;
  appId: string;
  configId: string;
  apiVersion: string;
}

/** What Embedded Signup ended with: the business's ids and its one-time code, or why not. */
export type SignupOutcome =
  { kind: 'finished'; code: string; wabaId: string; phoneNumberId: string } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

interface FacebookSdk {
  init(options: Record<string, unknown>): void;
  login(callback: (response: { authResponse?: { code?: string } | null }) => void, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

let loading: Promise<FacebookSdk> | null = null;

/** Loads the SDK once per page; called ahead, so the popup opens in the click that asks for it (browsers block later ones). */
export function loadSdk(url: string): Promise<FacebookSdk> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.FB ? resolve(window.FB) : reject(new Error('the SDK defined no FB')));
    script.onerror = () => {
      loading = null;
      reject(new Error('the SDK could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/** How long the login callback waits for the popup's message with the ids; their order is not documented. */
const IDS_WAIT_MS = 3_000;

/**
 * Runs the platform's Embedded Signup: the popup posts the chosen business account and number
 * (a message from the SDK's origin), and the login callback brings the code; the outcome comes
 * once both are in, or when the popup was closed or reported a problem.
 */
export async function runEmbeddedSignup(config: SignupConfig): Promise<SignupOutcome> {
  const sdk = await loadSdk(config.sdkUrl);
  const sdkOrigin = new URL(config.sdkUrl).origin;
  let ids: { wabaId: string; phoneNumberId: string } | null = null;
  let problem: string | null = null;
  let idsArrived: () => void = () => {};
  const idsPromise = new Promise<void>((resolve) => (idsArrived = resolve));
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== sdkOrigin || typeof event.data !== 'string') return;
    let message: { type?: string; event?: string; data?: Record<string, string> };
    try {
      message = JSON.parse(event.data) as typeof message;
    } catch {
      return; // the SDK posts other, non-JSON messages too
    }
    if (message.type !== 'WA_EMBEDDED_SIGNUP') return;
    if (message.event?.startsWith('FINISH') && message.data?.waba_id && message.data.phone_number_id) {
      ids = { wabaId: message.data.waba_id, phoneNumberId: message.data.phone_number_id };
    } else if (message.event === 'CANCEL' && message.data?.error_message) {
      problem = message.data.error_message;
    }
    idsArrived();
  };
  window.addEventListener('message', onMessage);
  try {
    sdk.init({ appId: config.appId, autoLogAppEvents: true, xfbml: true, version: config.apiVersion });
    const code = await new Promise<string | null>((resolve) =>
      sdk.login((response) => resolve(response.authResponse?.code ?? null), {
        config_id: config.configId,
        response_type: 'code',
        override_default_response_type: true,
        extras: { setup: {}, sessionInfoVersion: '3' },
      }),
    );
    if (code && !ids) await Promise.race([idsPromise, new Promise((resolve) => setTimeout(resolve, IDS_WAIT_MS))]);
    const finished = ids as { wabaId: string; phoneNumberId: string } | null;
    if (problem) return { kind: 'failed', message: problem };
    if (!code || !finished) return { kind: 'cancelled' };
    return { kind: 'finished', code, ...finished };
  } finally {
    window.removeEventListener('message', onMessage);
  }
}

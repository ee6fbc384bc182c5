import type {
  NewPlatformTemplate,
  PlatformMediaInfo,
  PlatformPhoneNumberInfo,
  PlatformTemplate,
  PlatformTokenInfo,
  PlatformWabaNumber,
} from './graph-types';
import { PlatformError, toPlatformError, UNKNOWN_ERROR_CODE } from './platform-error';
import type { SendMessageBody } from './send-body';
import { fetchTransport, PlatformTimeoutError, undiciTransport, type PlatformAnswer, type PlatformRequest } from './transport';

export { PlatformError } from './platform-error';
export type { SendMessageBody } from './send-body';
export type * from './graph-types';

/**
 * HTTP client for the WhatsApp Business Cloud API (Graph API). It speaks the documented
 * wire protocol only; which host answers is configuration.
 */

export interface PlatformClientOptions {
  baseUrl: string;
  apiVersion: string;
  accessToken: string;
  fetch?: typeof fetch;
  /** Per-request timeout; default 15 s. */
  timeoutMs?: number;
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;

/** The tier field was renamed in v24.0; older versions only know the deprecated name. */
function phoneFields(apiVersion: string): string {
  const major = Number(/^v(\d+)/.exec(apiVersion)?.[1] ?? 0);
  const tierField = major >= 24 ? 'whatsapp_business_manager_messaging_limit' : 'messaging_limit_tier';
  return ['id', 'display_phone_number', 'verified_name', 'quality_rating', tierField, 'throughput'].join(',');
}

export function createPlatformClient(options: PlatformClientOptions) {
  const transport = options.fetch ? fetchTransport(options.fetch) : undiciTransport;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const root = `${options.baseUrl.replace(/\/+$/, '')}/${options.apiVersion}`;
  const auth = { Authorization: `Bearer ${options.accessToken}` };

  async function request(url: string, init: Partial<PlatformRequest> = {}): Promise<PlatformAnswer> {
    let answer: PlatformAnswer;
    try {
      answer = await transport(url, { method: init.method ?? 'GET', body: init.body, headers: { ...auth, ...init.headers } }, timeoutMs);
    } catch (error) {
      throw new PlatformError(
        {
          code: UNKNOWN_ERROR_CODE,
          httpStatus: null,
          message:
            error instanceof PlatformTimeoutError
              ? `Platform request timed out after ${timeoutMs} ms`
              : `Platform request failed: ${error instanceof Error ? error.message : String(error)}`,
        },
        { cause: error },
      );
    }
    if (answer.status < 200 || answer.status > 299) throw toPlatformError(answer.status, decoder.decode(answer.body));
    return answer;
  }

  async function json<T>(path: string, init: Partial<PlatformRequest> = {}): Promise<T> {
    const answer = await request(path.startsWith('http') ? path : `${root}/${path}`, init);
    try {
      return JSON.parse(decoder.decode(answer.body)) as T;
    } catch {
      throw malformed('the answer is not JSON');
    }
  }

  const postJson = <T>(path: string, body: unknown) =>
    json<T>(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  return {
    async sendMessage(phoneId: string, body: SendMessageBody): Promise<{ wamid: string; waId: string }> {
      const result = await postJson<{
        contacts?: Array<{ wa_id?: string }>;
        messages?: Array<{ id?: string }>;
      }>(`${encodeURIComponent(phoneId)}/messages`, body);
      const wamid = result.messages?.[0]?.id;
      if (!wamid) throw malformed('send response has no message id');
      return { wamid, waId: result.contacts?.[0]?.wa_id ?? body.to.replace(/\D/g, '') };
    },

    /** Marks an inbound message (and those before it) read; with `typing`, the customer also sees "typing…" until the next message or 25 s [READ]. */
    async markRead(phoneId: string, wamid: string, options: { typing?: boolean } = {}): Promise<void> {
      await postJson(`${encodeURIComponent(phoneId)}/messages`, {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: wamid,
        ...(options.typing ? { typing_indicator: { type: 'text' } } : {}),
      });
    },

    async uploadMedia(phoneId: string, file: { bytes: Uint8Array; mimeType: string; filename: string }): Promise<{ id: string }> {
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', file.mimeType);
      form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), file.filename);
      const result = await json<{ id?: string }>(`${encodeURIComponent(phoneId)}/media`, {
        method: 'POST',
        body: form,
      });
      if (!result.id) throw malformed('upload response has no media id');
      return { id: result.id };
    },

    async getMedia(mediaId: string): Promise<PlatformMediaInfo> {
      const info = await json<Omit<PlatformMediaInfo, 'file_size'> & { file_size: number | string }>(encodeURIComponent(mediaId));
      return { ...info, file_size: Number(info.file_size) };
    },

    async downloadMedia(url: string): Promise<{ bytes: Uint8Array; contentType: string }> {
      const answer = await request(url);
      return { bytes: answer.body, contentType: answer.contentType ?? 'application/octet-stream' };
    },

    /** Embedded Signup's code for the business's token (`GET /oauth/access_token`); the code lives 30 s and works once. */
    async exchangeCode(code: string, app: { id: string; secret: string }): Promise<string> {
      const query = new URLSearchParams({ client_id: app.id, client_secret: app.secret, code });
      const result = await json<{ access_token?: string }>(`oauth/access_token?${query}`);
      if (!result.access_token) throw malformed('the code exchange returned no access_token');
      return result.access_token;
    },

    /** What a token may do (`GET /debug_token`, asked with this client's own token, the app's). */
    async debugToken(inputToken: string): Promise<PlatformTokenInfo> {
      const result = await json<{ data?: PlatformTokenInfo }>(`debug_token?input_token=${encodeURIComponent(inputToken)}`);
      if (!result.data) throw malformed('debug_token returned no data');
      return result.data;
    },

    /** The business account's numbers with what connecting one needs (`GET /{waba-id}/phone_numbers`). */
    async listPhoneNumbers(wabaId: string): Promise<PlatformWabaNumber[]> {
      const fields = 'id,display_phone_number,verified_name,quality_rating,status,code_verification_status';
      const result = await json<{ data?: PlatformWabaNumber[] }>(`${encodeURIComponent(wabaId)}/phone_numbers?fields=${fields}&limit=100`);
      return result.data ?? [];
    },

    /** The app receives the business account's webhooks (`POST /{waba-id}/subscribed_apps`); idempotent. */
    async subscribeApp(wabaId: string): Promise<void> {
      await json<{ success?: boolean }>(`${encodeURIComponent(wabaId)}/subscribed_apps`, { method: 'POST' });
    },

    /** Registers the number for the Cloud API with its two-step verification PIN (`POST /{phone-id}/register`). */
    async registerNumber(phoneId: string, pin: string): Promise<void> {
      await postJson(`${encodeURIComponent(phoneId)}/register`, { messaging_product: 'whatsapp', pin });
    },

    /** Stops the app's webhooks for the business account (`DELETE /{waba-id}/subscribed_apps`). */
    async unsubscribeApp(wabaId: string): Promise<void> {
      await json<{ success?: boolean }>(`${encodeURIComponent(wabaId)}/subscribed_apps`, { method: 'DELETE' });
    },

    /** Submits a template for review (`POST /{waba-id}/message_templates`) → its id and first status. */
    async createTemplate(wabaId: string, template: NewPlatformTemplate): Promise<{ id: string; status: string; category: string }> {
      const result = await postJson<{ id?: string; status?: string; category?: string }>(
        `${encodeURIComponent(wabaId)}/message_templates`,
        template,
      );
      if (!result.id) throw malformed('template creation returned no id');
      return { id: result.id, status: result.status ?? 'PENDING', category: result.category ?? template.category };
    },

    /** New components (and category) for a template, which goes back to review (`POST /{template-id}`). */
    async editTemplate(templateId: string, change: { category?: string; components: object[] }): Promise<void> {
      await postJson(encodeURIComponent(templateId), change);
    },

    /** Deletes one language of a template (`DELETE /{waba-id}/message_templates?name=&hsm_id=`). */
    async deleteTemplate(wabaId: string, name: string, templateId: string): Promise<void> {
      const query = new URLSearchParams({ name, hsm_id: templateId });
      await json(`${encodeURIComponent(wabaId)}/message_templates?${query}`, { method: 'DELETE' });
    },

    /**
     * A sample file for a template's media header, by the platform's resumable upload
     * (`POST /{app-id}/uploads`, then the bytes to the session) → the handle the template names.
     */
    async uploadTemplateSample(appId: string, file: { bytes: Uint8Array; mimeType: string; filename: string }): Promise<string> {
      const query = new URLSearchParams({ file_name: file.filename, file_length: String(file.bytes.length), file_type: file.mimeType });
      const session = await json<{ id?: string }>(`${encodeURIComponent(appId)}/uploads?${query}`, { method: 'POST' });
      if (!session.id?.startsWith('upload:')) throw malformed('the upload session has no id');
      const result = await json<{ h?: string }>(session.id, {
        method: 'POST',
        // The upload API documents OAuth, not Bearer, for the bytes.
        headers: { Authorization: `OAuth ${options.accessToken}`, file_offset: '0', 'Content-Type': file.mimeType },
        body: new Uint8Array(file.bytes),
      });
      if (!result.h) throw malformed('the upload returned no handle');
      return result.h;
    },

    async listTemplates(wabaId: string): Promise<PlatformTemplate[]> {
      const templates: PlatformTemplate[] = [];
      const base = `${root}/${encodeURIComponent(wabaId)}/message_templates?limit=100`;
      let url: string | null = base;
      while (url) {
        const page: {
          data?: PlatformTemplate[];
          paging?: { next?: string; cursors?: { after?: string } };
        } = await json(url);
        templates.push(...(page.data ?? []));
        // `next` signals another page; rebuild it from the cursor so the configured
        // base URL (not whatever host the platform names) is used.
        const after = page.paging?.cursors?.after;
        url = page.paging?.next && after ? `${base}&after=${encodeURIComponent(after)}` : null;
      }
      return templates;
    },

    async getPhoneNumber(phoneId: string): Promise<PlatformPhoneNumberInfo> {
      const raw = await json<{
        id: string;
        display_phone_number: string;
        verified_name: string;
        quality_rating: string;
        whatsapp_business_manager_messaging_limit?: string;
        messaging_limit_tier?: string;
        throughput?: { level?: string };
      }>(`${encodeURIComponent(phoneId)}?fields=${phoneFields(options.apiVersion)}`);
      return {
        id: raw.id,
        display_phone_number: raw.display_phone_number,
        verified_name: raw.verified_name,
        quality_rating: raw.quality_rating,
        messaging_limit_tier: raw.whatsapp_business_manager_messaging_limit ?? raw.messaging_limit_tier ?? null,
        throughput_level: raw.throughput?.level ?? null,
      };
    },
  };
}

const decoder = new TextDecoder();

function malformed(what: string): PlatformError {
  return new PlatformError({ code: UNKNOWN_ERROR_CODE, httpStatus: 200, message: `Malformed platform response: ${what}` });
}

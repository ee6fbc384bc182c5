import type { DbTx, Prisma } from '@/server/db';
import { fetchLinkMedia, type LinkMedia } from '@/server/media/fetch-link-media';
import type { MediaType } from '@/server/media/media-rules';
import { storeMessageMedia } from '@/server/media/store-message-media';
import type { TemplateShape } from '@/server/templates/from-platform';
import type { HeaderMediaRef } from './template-send';
import type { SendMessageRequest } from './send-message-request';

/**
 * Media of an outgoing message. `link` media is fetched here (SSRF-checked, size and type
 * capped), stored with the message, and uploaded to the platform by the send worker, which
 * puts the platform's media id where `UPLOADED_MEDIA_ID` stands. `id` media passes through.
 */
export type PreparedMedia = LinkMedia & { sourceUrl: string };

/** Stands for the platform media id until the worker has uploaded the stored file. */
export const UPLOADED_MEDIA_ID = 'uploaded-by-worker';

type MediaRequest = Extract<SendMessageRequest, { type: MediaType }>;

async function fetchMedia(link: string, type: MediaType, param: string, filename?: string): Promise<PreparedMedia> {
  const fetched = await fetchLinkMedia(link, type, { param });
  return { ...fetched, filename: filename ?? fetched.filename, sourceUrl: link };
}

/** A file an agent attached in the inbox: already in hand, so nothing is fetched. */
export type AttachedMedia = Omit<PreparedMedia, 'sourceUrl'>;

export async function prepareMessageMedia(request: MediaRequest, attached?: AttachedMedia) {
  const type = request.type;
  const object = (request as Record<string, unknown>)[type] as {
    link?: string;
    id?: string;
    caption?: string;
    filename?: string;
    voice?: boolean;
  };
  const { link, id, ...rest } = object;
  const media = attached
    ? { ...attached, sourceUrl: '' }
    : link !== undefined
      ? await fetchMedia(link, type, `${type}.link`, rest.filename)
      : null;
  const platformBody: Prisma.InputJsonObject = { type, [type]: { id: id ?? UPLOADED_MEDIA_ID, ...rest } };
  const content = rest.caption ?? rest.filename ?? media?.filename ?? '';
  return { platformBody, content, media };
}

export async function prepareHeaderMedia(
  header: TemplateShape['header'],
  requested: { id: string } | { link: string; filename?: string } | undefined,
): Promise<{ ref: HeaderMediaRef | undefined; media: PreparedMedia | null }> {
  if (!requested || 'id' in requested || !header || header.format === 'TEXT') {
    return { ref: requested, media: null };
  }
  const type = header.format.toLowerCase() as MediaType;
  const media = await fetchMedia(requested.link, type, 'template.header_media.link', requested.filename);
  return { ref: { id: UPLOADED_MEDIA_ID, ...(type === 'document' && media.filename ? { filename: media.filename } : {}) }, media };
}

export function saveFetchedMedia(tx: DbTx, orgId: string, messageId: string, media: PreparedMedia) {
  return storeMessageMedia(tx, {
    orgId,
    messageId,
    bytes: media.bytes,
    contentType: media.contentType,
    filename: media.filename,
    sourceUrl: media.sourceUrl || undefined,
  });
}

/** The platform body with the uploaded media id in place of `UPLOADED_MEDIA_ID`. */
export function withUploadedMedia(body: Record<string, unknown>, platformMediaId: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(body), (key, value) => (key === 'id' && value === UPLOADED_MEDIA_ID ? platformMediaId : value));
}

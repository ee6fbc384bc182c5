/** Message types that carry media (stickers are not sent by the service). */
export const mediaTypes = ['image', 'video', 'audio', 'document'] as const;
export type MediaType = (typeof mediaTypes)[number];

const MB = 1024 * 1024;

/** The service fetches `link` media itself and refuses anything larger (docs/messaging-api.md §3 `media_too_large`). */
export const LINK_MEDIA_MAX_BYTES = 15 * MB;

/** What the platform accepts per type (fact sheet §2.2). */
export const mediaRules: Record<MediaType, { contentTypes: readonly string[]; maxBytes: number }> = {
  image: { contentTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  video: { contentTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB },
  audio: { contentTypes: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'], maxBytes: 16 * MB },
  document: {
    contentTypes: [
      'text/plain',
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    maxBytes: 100 * MB,
  },
};

export function isMediaType(value: string): value is MediaType {
  return (mediaTypes as readonly string[]).includes(value);
}

/** `Image/JPEG; charset=binary` → `image/jpeg`; empty when there is none. */
export function normaliseContentType(header: string | null | undefined): string {
  return ((header ?? '').split(';', 1)[0] ?? '').trim().toLowerCase();
}

export function acceptsContentType(type: MediaType, contentType: string): boolean {
  return mediaRules[type].contentTypes.includes(normaliseContentType(contentType));
}

/** The most a `link` of this type may hold: the platform's limit, within the service's own cap. */
export function linkMediaMaxBytes(type: MediaType): number {
  return Math.min(mediaRules[type].maxBytes, LINK_MEDIA_MAX_BYTES);
}

export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${+(bytes / MB).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

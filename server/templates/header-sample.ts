import { config } from '@/server/config';
import { fetchLinkMedia } from '@/server/media/fetch-link-media';
import type { PlatformClient } from '@/server/platform/client';
import type { TemplateInput } from './template-input';

const sampleTypes = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' } as const;

/** A media header's sample, fetched from its link as a send's media is, and uploaded for the platform's reviewers. */
export async function headerSampleHandle(client: PlatformClient, input: TemplateInput): Promise<string | undefined> {
  const header = input.header;
  if (!header || header.format === 'TEXT' || !header.example) return undefined;
  const type = sampleTypes[header.format];
  const sample = await fetchLinkMedia(header.example, type, { param: 'header.example' });
  return client.uploadTemplateSample(config.PLATFORM_APP_ID, {
    bytes: sample.bytes,
    mimeType: sample.contentType,
    filename: sample.filename ?? `sample.${sample.contentType.split('/')[1] ?? 'bin'}`,
  });
}

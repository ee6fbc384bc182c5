import { createHash } from 'node:crypto';
import { ApiError } from '@/server/errors/api-error';
import { checkOutboundUrl, type OutboundAllowlist } from '@/server/http/outbound-policy';
import {
  OutboundBlockedError,
  OutboundTimeoutError,
  readCapped,
  ResponseTooLargeError,
  safeFetch,
  type ResolveHost,
} from '@/server/http/safe-fetch';
import { formatBytes, linkMediaMaxBytes, mediaRules, normaliseContentType, type MediaType } from './media-rules';

export interface LinkMedia {
  bytes: Uint8Array;
  contentType: string;
  filename?: string;
  size: number;
  /** Hex. */
  sha256: string;
}

export interface FetchLinkMediaOptions {
  /** The request field that held the link, named in errors; `<type>.link` by default. */
  param?: string;
  allowlist?: OutboundAllowlist;
  lookup?: ResolveHost;
  timeoutMs?: number;
}

/**
 * Downloads the media behind a `link` the way the platform would take it: SSRF-checked on
 * every hop, no more than the type's limit (at most 15 MB) read, and only the content types
 * the platform accepts for that type. Every problem becomes an ApiError naming `param`.
 */
export async function fetchLinkMedia(link: string, type: MediaType, options: FetchLinkMediaOptions = {}): Promise<LinkMedia> {
  const param = options.param ?? `${type}.link`;
  const maxBytes = linkMediaMaxBytes(type);
  const accepted = mediaRules[type].contentTypes;

  const check = checkOutboundUrl(link, options.allowlist);
  if (!check.ok) throw new ApiError('url_not_allowed', `\`${param}\` may not be fetched: ${check.reason}.`, { param });

  try {
    const response = await safeFetch(check.url.href, {
      headers: { accept: accepted.join(', ') },
      maxBytes,
      maxRedirects: 3,
      timeoutMs: options.timeoutMs ?? 30_000,
      ...(options.allowlist ? { allowlist: options.allowlist } : {}),
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      throw couldNotFetch(param, `the server answered HTTP ${response.status}`);
    }
    const contentType = normaliseContentType(response.headers.get('content-type'));
    if (!accepted.includes(contentType)) {
      await response.body?.cancel();
      const served = contentType ? `\`${contentType}\`` : 'no content type';
      throw new ApiError('invalid_parameter', `\`${param}\` is served as ${served}; ${type} media must be one of ${accepted.join(', ')}.`, {
        param,
      });
    }
    const bytes = response.body ? await readCapped(response.body, maxBytes) : new Uint8Array();
    if (bytes.byteLength === 0) throw couldNotFetch(param, 'the server sent no content');
    const filename = filenameOf(response.headers.get('content-disposition'), response.url);
    return {
      bytes,
      contentType,
      ...(filename ? { filename } : {}),
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof OutboundBlockedError) {
      throw new ApiError('url_not_allowed', `\`${param}\` may not be fetched: ${error.reason}.`, { param });
    }
    if (error instanceof ResponseTooLargeError) {
      throw new ApiError(
        'media_too_large',
        `The ${type} at \`${param}\` is larger than ${formatBytes(maxBytes)}, the most a ${type} link may hold.`,
        { param },
      );
    }
    if (error instanceof OutboundTimeoutError) throw couldNotFetch(param, 'it took too long');
    throw couldNotFetch(param, describeNetworkError(error));
  }
}

function couldNotFetch(param: string, why: string): ApiError {
  return new ApiError('invalid_parameter', `Could not fetch the media at \`${param}\`: ${why}.`, { param });
}

function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return `network error ${cause.code}`;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** From Content-Disposition, else the last segment of the final URL; reduced to a plain file name. */
function filenameOf(disposition: string | null, url: string): string | undefined {
  const encoded = disposition?.match(/filename\*\s*=\s*utf-8''([^;]+)/i)?.[1];
  const plain = disposition?.match(/filename\s*=\s*"?([^";]+)"?/i)?.[1];
  const name = (encoded && decode(encoded)) ?? plain ?? decode(new URL(url).pathname.split('/').pop() ?? '');
  const clean = name
    ?.replace(/[\\/\p{Cc}]/gu, '')
    .trim()
    .slice(0, 255);
  return clean || undefined;
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

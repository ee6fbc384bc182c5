/**
 * Headers for serving a stored customer file, shared by the inbox's /api/media and the API's
 * /v1/media. The file is untrusted: never sniffed into another type, never run as a page of
 * this origin (a sandboxing CSP that allows nothing), and shown inline only when asked for and
 * a picture, sound or video; anything else (documents, and SVG, which can carry script) downloads.
 */
export function mediaResponseHeaders(
  media: { contentType: string; size: number; filename: string | null },
  options: { inline: boolean },
): Record<string, string> {
  const filename = media.filename ?? 'media';
  const disposition = options.inline && isPlayableInline(media.contentType) ? 'inline' : 'attachment';
  return {
    'Content-Type': media.contentType,
    'Content-Length': String(media.size),
    // RFC 6266: an ASCII fallback plus the exact UTF-8 name.
    'Content-Disposition': `${disposition}; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox; frame-ancestors 'none'",
  };
}

function isPlayableInline(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^(image|audio|video)\//.test(type) && type !== 'image/svg+xml';
}

/**
 * The request body's bytes, or null once it is larger than `maxBytes`: a larger declared
 * Content-Length is refused before reading, a stream is cancelled as it passes the cap, so an
 * oversized body is never held in memory.
 */
export async function readBodyUpTo(request: Request, maxBytes: number): Promise<Buffer | null> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

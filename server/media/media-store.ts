export type MediaBody = Uint8Array | ReadableStream<Uint8Array>;

/** Where media bytes live. Keys look like `<orgId>/<messageId>`; the content type is kept in the database. */
export interface MediaStore {
  put(key: string, body: MediaBody, contentType: string): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys become file paths and URL paths: only plain segments, so none can climb out of its place. */
export function assertMediaKey(key: string): void {
  const segments = key.split('/');
  if (!segments.every((s) => /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(s) && s !== '..' && s !== '.')) {
    throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  }
}

/** The generation requests each credential key sent, for tests to inspect (say, that no secret reached a prompt). */
export type ApiName = 'openai_chat' | 'openai_responses' | 'anthropic_messages';

export interface RecordedRequest {
  at: string;
  api: ApiName;
  model: string;
  body: unknown;
}

/** Per key; older requests beyond this are forgotten. */
const KEPT_PER_KEY = 200;

export class RequestLog {
  private readonly byKey = new Map<string, RecordedRequest[]>();

  record(key: string, request: Omit<RecordedRequest, 'at'>): void {
    const list = this.byKey.get(key) ?? [];
    list.push({ at: new Date().toISOString(), ...request });
    if (list.length > KEPT_PER_KEY) list.splice(0, list.length - KEPT_PER_KEY);
    this.byKey.set(key, list);
  }

  /** Oldest first. */
  list(key: string): RecordedRequest[] {
    return this.byKey.get(key) ?? [];
  }
}

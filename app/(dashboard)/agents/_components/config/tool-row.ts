/** A project's HTTP tool as the builder lists, edits and tests it. */
export interface ToolRow {
  id: string;
  name: string;
  description: string;
  parameters: unknown;
  requires_verified_customer: boolean;
  http: unknown;
  response: unknown;
  timeout_ms: number;
}

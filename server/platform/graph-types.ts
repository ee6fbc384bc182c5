/** Response shapes of the Graph API calls the client makes. */

export interface PlatformTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: 'NAMED' | 'POSITIONAL';
  components: Array<{
    type: string;
    format?: string;
    text?: string;
    buttons?: Array<{ type: string; text?: string; url?: string }>;
    example?: unknown;
  }>;
}

/** A template as submitted for review. */
export interface NewPlatformTemplate {
  name: string;
  language: string;
  category: string;
  parameter_format: 'named' | 'positional';
  components: object[];
}

export interface PlatformPhoneNumberInfo {
  id: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: string;
  /** From `whatsapp_business_manager_messaging_limit` (v24+), else the deprecated field. */
  messaging_limit_tier: string | null;
  throughput_level: string | null;
}

export interface PlatformMediaInfo {
  id: string;
  url: string;
  mime_type: string;
  sha256: string;
  file_size: number;
}

/** `GET /debug_token`'s `data`: whether a token is valid, until when, and what it was granted. */
export interface PlatformTokenInfo {
  is_valid: boolean;
  /** Unix seconds; 0 = never. */
  expires_at?: number;
  scopes?: string[];
  /** Per scope, the assets (business account ids) granted, newest first. */
  granular_scopes?: Array<{ scope: string; target_ids?: string[] }>;
  error?: { code?: number; message?: string; subcode?: number };
}

/** A number as `GET /{waba-id}/phone_numbers` lists it; unknown enum values are kept as they come. */
export interface PlatformWabaNumber {
  id: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating?: string;
  /** `CONNECTED` once registered for the Cloud API. */
  status?: string;
  code_verification_status?: string;
}

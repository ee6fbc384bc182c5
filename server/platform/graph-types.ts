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

/**
 * Request bodies for `POST /{phone_id}/messages`, in the platform's wire format.
 * Only the message types the service sends are typed; the platform accepts more.
 */

/** A media object is sent by a previously uploaded id or by a public link. */
export type MediaRef = { id: string; link?: never } | { link: string; id?: never };

export type TextParameter = { type: 'text'; text: string; parameter_name?: string };

export type HeaderParameter =
  | TextParameter
  | { type: 'image'; image: MediaRef }
  | { type: 'video'; video: MediaRef }
  | { type: 'document'; document: MediaRef & { filename?: string } };

export type TemplateComponent =
  | { type: 'header'; parameters: HeaderParameter[] }
  | { type: 'body'; parameters: TextParameter[] }
  | {
      type: 'button';
      sub_type: 'quick_reply';
      index: string;
      parameters: Array<{ type: 'payload'; payload: string }>;
    }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: TextParameter[] }
  | {
      type: 'button';
      sub_type: 'copy_code';
      index: string;
      parameters: Array<{ type: 'coupon_code'; coupon_code: string }>;
    };

export interface TemplatePayload {
  name: string;
  language: { code: string };
  components?: TemplateComponent[];
}

type Common = {
  messaging_product: 'whatsapp';
  recipient_type?: 'individual';
  to: string;
  /** Echoed back in status webhooks for this message. */
  biz_opaque_callback_data?: string;
  /** Quote an earlier message. */
  context?: { message_id: string };
};

export type SendMessageBody = Common &
  (
    | { type: 'text'; text: { body: string; preview_url?: boolean } }
    | { type: 'template'; template: TemplatePayload }
    | { type: 'image'; image: MediaRef & { caption?: string } }
    | { type: 'video'; video: MediaRef & { caption?: string } }
    | { type: 'audio'; audio: MediaRef & { voice?: boolean } }
    | { type: 'document'; document: MediaRef & { caption?: string; filename?: string } }
    /** A reaction to a message of the chat; `emoji: ""` removes the business's reaction. */
    | { type: 'reaction'; reaction: { message_id: string; emoji: string } }
  );

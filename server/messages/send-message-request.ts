import type { z } from 'zod';
import type { sendMessage as sendMessageSpec } from '@/server/api/endpoints/messages';

/** A send as `POST /v1/messages` accepts it, validated by its endpoint spec. */
export type SendMessageRequest = z.infer<NonNullable<(typeof sendMessageSpec)['body']>>;

import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';

export const getMedia = defineEndpoint({
  operationId: 'getMedia',
  method: 'GET',
  path: '/v1/media/{message_id}',
  tag: 'Messages',
  summary: "Download a message's media file",
  description:
    'Streams the stored file, not JSON, with its original `Content-Type` and a `Content-Disposition` carrying the filename. ' +
    'Works for media the customer sent and media sent through the API.',
  scope: 'messages:read',
  params: z.object({ message_id: z.string().describe('Id of a message whose `has_media` is true.') }),
  response: { status: 200, description: 'The file bytes', contentType: 'application/octet-stream' },
  errors: ['resource_not_found'],
});

export const endpoints = [getMedia];

import { ApiError } from '@/server/errors/api-error';
import { findUnstorableText, unstorableTextMessage } from '@/server/db/storable-text';
import { refuseCrossOrigin } from '@/server/http/same-origin';
import { resolveDashboardOrg } from '@/server/inbox/resolve-dashboard-org';
import { sendInboxAttachment } from '@/server/inbox/send-inbox-attachment';
import { logger } from '@/server/logger';

export const dynamic = 'force-dynamic';

/** The inbox composer's file upload (multipart: `contactId`, `file`, optional `caption`); members of the org only. */
export async function POST(request: Request): Promise<Response> {
  const refusal = refuseCrossOrigin(request);
  if (refusal) return refusal;
  const who = await resolveDashboardOrg(request);
  if (!who) return Response.json({ error: 'Sign in to continue.' }, { status: 401 });
  const form = await request.formData().catch(() => null);
  const file = form?.get('file');
  const contactId = form?.get('contactId');
  if (!(file instanceof File) || typeof contactId !== 'string') {
    return Response.json({ error: 'Choose a file to send.' }, { status: 400 });
  }
  const caption = form?.get('caption');
  const text = { contactId, filename: file.name || 'file', caption: typeof caption === 'string' ? caption : undefined };
  const unstorable = findUnstorableText(text);
  if (unstorable) return Response.json({ error: unstorableTextMessage(String(unstorable.path[0]), unstorable) }, { status: 400 });
  try {
    const message = await sendInboxAttachment(who.orgId, contactId, {
      bytes: new Uint8Array(await file.arrayBuffer()),
      contentType: file.type,
      filename: text.filename,
      caption: text.caption,
      authorId: who.userId,
    });
    return Response.json({ id: message.id }, { status: 201 });
  } catch (error) {
    if (error instanceof ApiError) return Response.json({ error: error.message }, { status: error.status });
    logger.error({ err: error }, 'inbox attachment failed');
    return Response.json({ error: 'Something went wrong; the file was not sent.' }, { status: 500 });
  }
}

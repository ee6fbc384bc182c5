import { dashboardContract, dashboardRefusal } from '@/server/contract/dashboard-contract';
import { errorAnswer } from '@/server/contract/http-error-mapper';
import { findUnstorableText, unstorableTextMessage } from '@/server/db/storable-text';
import { refuseCrossOrigin } from '@/server/http/same-origin';
import { resolveDashboardOrg } from '@/server/inbox/resolve-dashboard-org';
import { sendInboxAttachment } from '@/server/inbox/send-inbox-attachment';

export const dynamic = 'force-dynamic';

const contract = dashboardContract('Something went wrong; the file was not sent.');

/** The inbox composer's file upload (multipart: `contactId`, `file`, optional `caption`); members of the org only. */
export async function POST(request: Request): Promise<Response> {
  const refusal = refuseCrossOrigin(request);
  if (refusal) return refusal;
  const who = await resolveDashboardOrg(request);
  if (!who) return dashboardRefusal(401, 'Sign in to continue.');
  const form = await request.formData().catch(() => null);
  const file = form?.get('file');
  const contactId = form?.get('contactId');
  if (!(file instanceof File) || typeof contactId !== 'string') {
    return dashboardRefusal(400, 'Choose a file to send.');
  }
  const caption = form?.get('caption');
  const text = { contactId, filename: file.name || 'file', caption: typeof caption === 'string' ? caption : undefined };
  const unstorable = findUnstorableText(text);
  if (unstorable) return dashboardRefusal(400, unstorableTextMessage(String(unstorable.path[0]), unstorable));
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
    return errorAnswer(contract, error, {}, '');
  }
}

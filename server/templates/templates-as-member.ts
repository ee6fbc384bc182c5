import type { MemberRole } from '@/server/db';
import type { PlatformTemplate } from '@/server/seed/demo-world';
import { createTemplate } from './create-template';
import { deleteTemplate } from './delete-template';
import { findTemplate } from './get-template';
import { presentTemplate } from './present-template';
import { resubmitTemplate } from './resubmit-template';
import { templateInputOf } from './template-components';
import type { TemplateInput } from './template-input';
import { assertCanWriteTemplates } from './template-sync-permission';

/** The dashboard's template builder: the same services as /v1, for members whose role may write templates. */

export function createTemplateAsMember(orgId: string, role: MemberRole, input: TemplateInput) {
  assertCanWriteTemplates(role);
  return createTemplate(orgId, input);
}

export function resubmitTemplateAsMember(orgId: string, role: MemberRole, id: string, input: TemplateInput) {
  assertCanWriteTemplates(role);
  return resubmitTemplate(orgId, id, input);
}

export function deleteTemplateAsMember(orgId: string, role: MemberRole, id: string) {
  assertCanWriteTemplates(role);
  return deleteTemplate(orgId, id);
}

/** A template with what the builder starts from when it is edited or copied. */
export async function templateForBuilder(orgId: string, id: string) {
  const row = await findTemplate(orgId, id);
  return {
    template: presentTemplate(row),
    input: {
      ...templateInputOf({ ...row, parameter_format: row.parameterFormat, components: row.components as PlatformTemplate['components'] }),
      account: row.account.name,
    },
  };
}

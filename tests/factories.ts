import { randomBytes } from 'node:crypto';
import { hashPassword } from '@/server/auth/password';
import { db, type MemberRole, type Organization, type SubscriptionStatus, type User } from '@/server/db';
import { newId } from '@/server/db/ids';

// Factories write real rows with unique names, emails and slugs, so tests can run side by side
// against one database without cleaning up between them.

function suffix(): string {
  return randomBytes(5).toString('hex');
}

export async function createOrg(options: { name?: string; subscriptionStatus?: SubscriptionStatus } = {}): Promise<Organization> {
  const tag = suffix();
  const name = options.name ?? `Test Org ${tag}`;
  const slug = `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${tag}`;
  return db.organization.create({
    data: { id: newId('organization'), name, slug, subscriptionStatus: options.subscriptionStatus ?? 'active' },
  });
}

export interface CreatedUser extends Omit<User, 'passwordHash'> {
  /** The plain password, for signing in as this user. */
  password: string;
}

export async function createUser(
  options: {
    email?: string;
    name?: string;
    password?: string;
    memberships?: Array<{ orgId: string; role: MemberRole }>;
  } = {},
): Promise<CreatedUser> {
  const tag = suffix();
  const password = options.password ?? `pw-${randomBytes(12).toString('base64url')}`;
  const user = await db.user.create({
    data: {
      id: newId('user'),
      email: options.email ?? `user-${tag}@example.test`,
      name: options.name ?? `Test User ${tag}`,
      passwordHash: await hashPassword(password),
      memberships: {
        create: (options.memberships ?? []).map((m) => ({ id: newId('membership'), orgId: m.orgId, role: m.role })),
      },
    },
  });
  return { ...user, password };
}

/**
 * Deletes organizations and everything they own. The worker may still be writing to their rows
 * (a send finishing, a receipt landing), so a cascade that meets a deadlock or write conflict is
 * tried again rather than failing the test that merely cleans up after itself.
 */
export async function deleteOrgs(ids: string[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.organization.deleteMany({ where: { id: { in: ids } } });
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'P2034' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

import { hashPassword } from '@/server/auth/password';
import type { AuthenticatedUser } from '@/server/auth/verify-credentials';
import { db, Prisma } from '@/server/db';
import { newId, randomBase62 } from '@/server/db/ids';
import { OrgRuleError } from '@/server/errors/org-rule-error';
import { countSignUp } from './sign-up-limit';

interface SignUpOptions {
  email: string;
  password: string;
  name: string;
  organizationName: string;
  /** The client's address: each one may open a few accounts an hour (sign-up-limit.ts). */
  address: string;
}

const emailTaken = (email: string) => new OrgRuleError('conflict', 'email_taken', `An account with ${email} exists. Log in first.`);

/** `acme-corp-x7k2q`: readable, and unique without asking the database first. */
function slugFor(name: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'org';
  return `${base}-${randomBase62(6).toLowerCase()}`;
}

/**
 * Self-service sign-up: a new account and a new organization it owns, in one transaction.
 * An email that has an account (even one still waiting for its invitation's password) is
 * `email_taken`: that person logs in or uses the invitation.
 */
export async function signUp({
  email,
  password,
  name,
  organizationName,
  address,
}: SignUpOptions): Promise<AuthenticatedUser & { orgId: string }> {
  await countSignUp(address);
  const normalized = email.trim().toLowerCase();
  if (await db.user.findFirst({ where: { email: { equals: normalized, mode: 'insensitive' } }, select: { id: true } }))
    throw emailTaken(normalized);
  const passwordHash = await hashPassword(password);
  const userId = newId('user');
  const orgId = newId('organization');
  try {
    const user = await db.$transaction(async (tx) => {
      await tx.organization.create({ data: { id: orgId, name: organizationName.trim(), slug: slugFor(organizationName) } });
      const created = await tx.user.create({ data: { id: userId, email: normalized, name: name.trim(), passwordHash } });
      await tx.membership.create({ data: { id: newId('membership'), orgId, userId, role: 'owner' } });
      return created;
    });
    return { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion, orgId };
  } catch (error) {
    // Two sign-ups with one email at once: the unique index refuses the second.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw emailTaken(normalized);
    throw error;
  }
}

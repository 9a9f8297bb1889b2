/** Staff accounts: created by the `npm run staff` command, read by the sign-in and the staff pages. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { hashPassword } from '../identity/index.server';
import { STAFF_PASSWORD_LENGTH, type StaffRole } from './roles';
import { staffSessions, staffUsers } from './schema';

export type StaffUser = { id: number; email: string; roles: StaffRole[] };

export type StaffAccountRow = typeof staffUsers.$inferSelect;

export class StaffAccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StaffAccountError';
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toStaffUser(row: Pick<StaffAccountRow, 'id' | 'email' | 'roles'>): StaffUser {
  return { id: row.id, email: row.email, roles: row.roles as StaffRole[] };
}

export function createAccounts({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /** A new staff account; refused when the e-mail, the password or the roles do not hold, or the e-mail is taken. */
    async add(input: { email: string; password: string; roles: StaffRole[] }): Promise<StaffUser> {
      const email = normalizeEmail(input.email);
      if (email.length > EMAIL_MAX || !EMAIL.test(email))
        throw new StaffAccountError(`Not an e-mail address: ${input.email}`);
      const length = [...input.password].length;
      if (length < STAFF_PASSWORD_LENGTH.min || length > STAFF_PASSWORD_LENGTH.max)
        throw new StaffAccountError(
          `A staff password has ${STAFF_PASSWORD_LENGTH.min} to ${STAFF_PASSWORD_LENGTH.max} characters.`,
        );
      if (input.roles.length === 0) throw new StaffAccountError('A staff account needs at least one role.');
      const passwordHash = await hashPassword(input.password);
      const [row] = await db
        .insert(staffUsers)
        .values({ email, passwordHash, roles: input.roles })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new StaffAccountError(`A staff account with the e-mail ${email} exists already.`);
      return toStaffUser(row);
    },

    async list(): Promise<(StaffUser & { disabled: boolean })[]> {
      const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.id));
      return rows.map((row) => ({ ...toStaffUser(row), disabled: row.disabledAt !== null }));
    },

    /** The account of an e-mail (any case), disabled ones included; null when there is none. */
    async byEmail(email: string): Promise<StaffAccountRow | null> {
      const [row] = await db
        .select()
        .from(staffUsers)
        .where(sql`lower(${staffUsers.email}) = ${normalizeEmail(email)}`)
        .limit(1);
      return row ?? null;
    },

    /** Switches an account off and ends its sessions; false when there is no such account. */
    async disable(email: string): Promise<boolean> {
      const now = clock.now();
      const [row] = await db
        .update(staffUsers)
        .set({ disabledAt: now })
        .where(sql`lower(${staffUsers.email}) = ${normalizeEmail(email)}`)
        .returning({ id: staffUsers.id });
      if (!row) return false;
      await db.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.staffUserId, row.id));
      return true;
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

/** Where a shopper stands with the pro program (SPEC §3 flags: pro_user, pro_program_application_status, expiry). */
import type { CustomerProfile } from '../../../server/customers/index.server';
import * as styles from './account.css';

export type ProStanding =
  | { kind: 'anonymous' }
  | { kind: 'member'; aboutToExpire: boolean }
  | { kind: 'pending' }
  | { kind: 'rejected' }
  | { kind: 'none' };

export function proStanding(profile: Pick<CustomerProfile, 'flags'> | null): ProStanding {
  if (!profile) return { kind: 'anonymous' };
  const { flags } = profile;
  if (flags.proUser || flags.proProgramApplicationStatus === 'approved')
    return { kind: 'member', aboutToExpire: flags.isApplicationAboutToExpire };
  if (flags.proProgramApplicationStatus === 'pending') return { kind: 'pending' };
  if (flags.proProgramApplicationStatus === 'rejected') return { kind: 'rejected' };
  return { kind: 'none' };
}

export const PRO_STATUS_TEXT = {
  anonymous: 'Sign in or create an account to apply.',
  member: 'You are a pro program member: your pro prices show as you shop.',
  pending: 'Your application is being reviewed. We will e-mail you once it is.',
  rejected: 'Your last application was not approved. You are welcome to apply again.',
  none: 'You are not a member yet.',
} as const;

export function ProStatus({ standing }: { standing: ProStanding }) {
  return (
    <>
      <p>{PRO_STATUS_TEXT[standing.kind]}</p>
      {standing.kind === 'member' && standing.aboutToExpire ? (
        <p className={styles.notice}>Your pro program approval is about to expire.</p>
      ) : null}
    </>
  );
}

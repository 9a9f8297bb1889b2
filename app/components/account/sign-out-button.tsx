/**
 * The sign-out form (a POST: no GET signs anyone out), on the account pages and in the sign-in panel. A module of its
 * own, validated lazily (decision 110): the account pages show it without loading the sign-in panel's forms.
 */
import { useLocation } from '@remix-run/react';
import { button } from '../../../styles/button.css';
import { FormStatus, KitForm, SubmitButton } from '../forms/form-shell';
import { lazyKitForm, useLazyKitForm } from '../forms/use-lazy-kit-form';
import type { signOutForm } from './sign-in-forms';

/** Where the sign-out form posts (sign-in-forms.ts's `SIGN_IN_ACTIONS.signOut`, checked equal by a unit test). */
export const SIGN_OUT_ACTION = '/api/sign-out';

export const signOutLazyForm = lazyKitForm<typeof signOutForm>({
  id: 'sign-out',
  honeypot: false,
  idempotent: false,
  constraint: {},
  load: () => import('./sign-in-forms').then((module) => module.signOutForm),
});

export function SignOutButton({ className }: { className?: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const kit = useLazyKitForm(signOutLazyForm, { action: SIGN_OUT_ACTION, redirectTo: here });
  return (
    <KitForm kit={kit}>
      <SubmitButton kit={kit} className={className ?? button.secondary} pendingLabel="Signing out…">
        Sign Out
      </SubmitButton>
      <FormStatus kit={kit} />
    </KitForm>
  );
}

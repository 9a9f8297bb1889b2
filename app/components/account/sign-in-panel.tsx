/**
 * The two-step sign-in panel (SPEC §4): the e-mail step ("Next"), then the password step with a hidden/visible
 * toggle, Login, Go Back and "Forgot your password"; "Account has not been activated." with "Resend email?"; the
 * 60-second countdown after a lockout; the already-signed-in notice. The step lives on the server (`signin_flow`),
 * so every form works without JavaScript (post, 303 back to this page, the root loader renders the next step);
 * with JavaScript the forms are fetchers and the state comes from `/api/sign-in` after each submission.
 */
import { getInputProps } from '@conform-to/react';
import { Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { SIGN_IN_MESSAGES } from '../../../server/identity/public';
import type { SignInState } from '../../../server/identity/public';
import { button } from '../../../styles/button.css';
import { FieldErrors, FormStatus, KitForm, SubmitButton, TextField } from '../forms/fields';
import * as fieldStyles from '../forms/fields.css';
import { useKitForm } from '../forms/use-kit-form';
import { useRootData } from '../layout/root-data';
import { PanelSwitchLink } from '../panels/panel-link';
import { useHydrated } from '../panels/use-hydrated';
import * as panelStyles from '../panels/panels.css';
import * as styles from './account.css';
import {
  SIGN_IN_ACTIONS,
  signInBackForm,
  signInEmailForm,
  signInPasswordForm,
  signInResendForm,
} from './sign-in-forms';
import { SignOutButton } from './sign-out-button';

const EMAIL_STEP: SignInState = {
  signedIn: false,
  step: 'email',
  email: null,
  notActivated: false,
  verificationSent: false,
  lockedSeconds: 0,
  lockedUntil: 0,
};

/** The panel's state: loaded privately after hydration, else what the server rendered in. */
function useSignInState(): SignInState {
  const root = useRootData();
  const fetcher = useFetcher<SignInState>({ key: 'sign-in-state' });
  const hydrated = useHydrated();
  const { load, state: fetcherState, data } = fetcher;
  useEffect(() => {
    if (hydrated && fetcherState === 'idle' && data === undefined) load(SIGN_IN_ACTIONS.state);
  }, [hydrated, fetcherState, data, load]);
  return data ?? root?.signIn ?? EMAIL_STEP;
}

/** This page, path and query: where a form posted without JavaScript comes back to. */
function useHere(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

export function SignInPanel() {
  const state = useSignInState();
  if (state.signedIn) return <AlreadySignedIn />;
  return state.step === 'password' ? <PasswordStep state={state} /> : <EmailStep />;
}

function EmailStep() {
  const here = useHere();
  const kit = useKitForm(signInEmailForm, { action: SIGN_IN_ACTIONS.email, redirectTo: here });
  return (
    <div className={panelStyles.stack}>
      <KitForm kit={kit} className={styles.form}>
        <TextField field={kit.fields.email} label="Email" type="email" autoComplete="username" />
        <SubmitButton kit={kit} className={`${button.primary} ${panelStyles.wide}`}>
          Next
        </SubmitButton>
        <FormStatus kit={kit} />
      </KitForm>
      <AccountLinks />
    </div>
  );
}

function AccountLinks() {
  return (
    <ul className={panelStyles.links}>
      <li>
        <PanelSwitchLink panel="signup">Create an account</PanelSwitchLink>
      </li>
      <li>
        <PanelSwitchLink panel="reset-password">Forgot your password?</PanelSwitchLink>
      </li>
    </ul>
  );
}

/**
 * Counts down from `seconds` once hydrated (0 before, and when there is nothing to wait for). `key` names one
 * lockout, so a second lockout of the same length starts a new countdown.
 */
function useCountdown(seconds: number, key: number): number {
  const hydrated = useHydrated();
  const [tick, setTick] = useState({ key, left: seconds });
  useEffect(() => {
    if (seconds <= 0) return;
    const endsAt = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setTick({ key, left });
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [seconds, key]);
  if (!hydrated) return 0;
  return tick.key === key ? tick.left : seconds;
}

function PasswordStep({ state }: { state: SignInState }) {
  const here = useHere();
  const hydrated = useHydrated();
  const kit = useKitForm(signInPasswordForm, { action: SIGN_IN_ACTIONS.password, redirectTo: here });
  const [visible, setVisible] = useState(false);
  // A refused Login (a 4xx) revalidates nothing by itself: the panel's state (lockout, activation offer) is reloaded.
  const reloadState = useFetcher<SignInState>({ key: 'sign-in-state' }).load;
  const answered = kit.fetcher.state === 'idle' ? kit.fetcher.data : undefined;
  useEffect(() => {
    if (answered) reloadState(SIGN_IN_ACTIONS.state);
  }, [answered, reloadState]);
  const countdown = useCountdown(state.lockedSeconds, state.lockedUntil);
  const { form } = kit;
  const locked = countdown > 0;
  // SPEC §4: when the countdown ends, Login is enabled again and the lockout message clears.
  const lockCleared = hydrated && state.lockedSeconds > 0 && countdown === 0;

  // "Account has not been activated." shows once, with its resend offer below.
  const errors = kit.formErrors.filter(
    (message) =>
      !(lockCleared && message.startsWith('Too many login attempts')) &&
      message !== SIGN_IN_MESSAGES.notActivated,
  );
  const password = kit.fields.password;
  const { key, ...inputProps } = getInputProps(password, { type: visible ? 'text' : 'password' });
  return (
    <div className={panelStyles.stack}>
      <p>
        Signing in as <strong>{state.email}</strong>
      </p>
      <KitForm kit={kit} className={styles.form}>
        <input type="hidden" name="from" value={here} />
        <div className={fieldStyles.field}>
          <label htmlFor={password.id} className={fieldStyles.label}>
            Password
          </label>
          <div className={styles.passwordRow}>
            <input
              {...inputProps}
              key={key}
              autoComplete="current-password"
              className={fieldStyles.input}
              // A toggled field keeps its value; React would otherwise keep it too, this makes it explicit.
              spellCheck={false}
            />
            {hydrated ? (
              <button
                type="button"
                className={styles.toggle}
                aria-pressed={visible}
                aria-controls={password.id}
                onClick={() => setVisible((shown) => !shown)}
              >
                {visible ? 'Hide' : 'Show'}
                <span className={panelStyles.small}> password</span>
              </button>
            ) : null}
          </div>
          <FieldErrors field={password} />
        </div>
        <button
          type="submit"
          className={`${button.primary} ${panelStyles.wide}`}
          disabled={kit.submitting || locked}
          aria-describedby={locked ? `${form.id}-countdown` : undefined}
        >
          Login
        </button>
        {locked ? (
          <p id={`${form.id}-countdown`} className={panelStyles.small}>
            Login is available again in {countdown} {countdown === 1 ? 'second' : 'seconds'}.
          </p>
        ) : null}
        <p id={kit.errorId} role="status" className={errors.length > 0 ? styles.error : styles.success}>
          {errors.join(' ')}
        </p>
      </KitForm>
      {state.notActivated ? <ResendActivation sent={state.verificationSent} /> : null}
      <GoBack />
      <ul className={panelStyles.links}>
        <li>
          <PanelSwitchLink panel="reset-password">Forgot your password</PanelSwitchLink>
        </li>
      </ul>
    </div>
  );
}

function ResendActivation({ sent }: { sent: boolean }) {
  const here = useHere();
  const kit = useKitForm(signInResendForm, { action: SIGN_IN_ACTIONS.resend, redirectTo: here });
  const message = kit.message ?? (sent ? SIGN_IN_MESSAGES.verificationSent : undefined);
  return (
    <div className={styles.notice}>
      <p className={styles.error}>{SIGN_IN_MESSAGES.notActivated}</p>
      <KitForm kit={kit}>
        <button type="submit" className={styles.linkButton} disabled={kit.submitting}>
          {kit.submitting ? SIGN_IN_MESSAGES.resending : SIGN_IN_MESSAGES.resendLink}
        </button>
        <p
          id={kit.errorId}
          role="status"
          className={kit.formErrors.length > 0 ? styles.error : styles.success}
        >
          {kit.formErrors.length > 0 ? kit.formErrors.join(' ') : (message ?? '')}
        </p>
      </KitForm>
    </div>
  );
}

function GoBack() {
  const here = useHere();
  const kit = useKitForm(signInBackForm, { action: SIGN_IN_ACTIONS.back, redirectTo: here });
  return (
    <KitForm kit={kit}>
      <button type="submit" className={button.secondary} disabled={kit.submitting}>
        Go Back
      </button>
    </KitForm>
  );
}

/** SPEC §8: the notice of a shopper who is signed in already, with their account and a way out. */
function AlreadySignedIn() {
  return (
    <div className={panelStyles.stack}>
      <p role="status">{SIGN_IN_MESSAGES.alreadyLoggedIn}</p>
      <p>
        <Link to="/account/profile">Go to your account</Link>
      </p>
      <SignOutButton />
    </div>
  );
}

/**
 * "Create Your Account" (SPEC §2 panel fields, §5 rules): first and last name, e-mail with e-mail offers (on by
 * default), phone formatted as typed with SMS offers (off by default) and their consent text and help number,
 * password and confirmation, Create Account, a Sign In link, privacy and terms. Values prefill from repair info
 * when a route's loader offers it as `signUpPrefill` (SPEC §5). After success: "Successfully created customer!"
 * and "Please check your email and verify your account."
 */
import { getInputProps } from '@conform-to/react';
import { Link, useLocation, useMatches } from '@remix-run/react';
import type { FormEvent } from 'react';
import { formatPhone, PHONE_MAX_LENGTH } from '../../../server/identity/public';
import { button } from '../../../styles/button.css';
import { CheckboxField, FieldErrors, FormStatus, KitForm, SubmitButton, TextField } from '../forms/fields';
import * as fieldStyles from '../forms/fields.css';
import { useKitForm } from '../forms/use-kit-form';
import { PanelSwitchLink } from '../panels/panel-link';
import * as panelStyles from '../panels/panels.css';
import * as styles from './account.css';
import { SIGN_UP_ACTION, SIGN_UP_MESSAGES, signUpForm, SMS_CONSENT, SMS_HELP_NUMBER } from './sign-up-form';

/** SPEC §3 repair userInfo prefill, as far as sign-up uses it. */
export type SignUpPrefill = { first_name?: string; last_name?: string; phone?: string; email?: string };

function usePrefill(): SignUpPrefill {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const data = match.data as { signUpPrefill?: SignUpPrefill } | undefined;
    if (data?.signUpPrefill) return data.signUpPrefill;
  }
  return {};
}

export function SignUpPanel() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const prefill = usePrefill();
  const kit = useKitForm(signUpForm, {
    action: SIGN_UP_ACTION,
    redirectTo: here,
    defaultValue: {
      first_name: prefill.first_name ?? '',
      last_name: prefill.last_name ?? '',
      email: prefill.email ?? '',
      phonenumber: formatPhone(prefill.phone ?? ''),
      email_subscribed: 'on',
      sms_subscribed: undefined,
    } as never,
  });
  const { fields } = kit;
  const phone = fields.phonenumber;
  const { key: phoneKey, ...phoneProps } = getInputProps(phone, { type: 'tel' });
  // SPEC §5: formatted progressively as (###)-###-#### while typed, at most 14 characters.
  const onPhoneInput = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const formatted = formatPhone(input.value);
    if (formatted !== input.value) input.value = formatted;
  };

  if (kit.message) {
    return (
      <div className={panelStyles.stack}>
        <div role="status" className={styles.notice}>
          <p className={styles.success}>{SIGN_UP_MESSAGES.created}</p>
          <p>{SIGN_UP_MESSAGES.verify}</p>
        </div>
        <p>
          <PanelSwitchLink panel="signin">Sign In</PanelSwitchLink>
        </p>
      </div>
    );
  }

  return (
    <div className={panelStyles.stack}>
      <KitForm kit={kit} className={styles.form}>
        <input type="hidden" name="from" value={here} />
        <TextField field={fields.first_name} label="First Name" autoComplete="given-name" />
        <TextField field={fields.last_name} label="Last Name" autoComplete="family-name" />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <CheckboxField field={fields.email_subscribed} label="Email me offers and news" />
        <div className={fieldStyles.field}>
          <label htmlFor={phone.id} className={fieldStyles.label}>
            Phone
          </label>
          <input
            {...phoneProps}
            key={phoneKey}
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={PHONE_MAX_LENGTH}
            placeholder="(123)-456-7890"
            onInput={onPhoneInput}
            className={fieldStyles.input}
          />
          <FieldErrors field={phone} />
        </div>
        <CheckboxField
          field={fields.sms_subscribed}
          label="Text me offers"
          description={
            <>
              {SMS_CONSENT} For help, reply HELP or call{' '}
              <a href={`tel:${SMS_HELP_NUMBER}`}>{SMS_HELP_NUMBER}</a>.
            </>
          }
        />
        <TextField field={fields.password} label="Password" type="password" autoComplete="new-password" />
        <TextField
          field={fields.confpassword}
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton kit={kit} className={`${button.primary} ${panelStyles.wide}`} pendingLabel="Creating…">
          Create Account
        </SubmitButton>
        <FormStatus kit={kit} />
      </KitForm>
      <p className={panelStyles.muted}>
        Already have an account? <PanelSwitchLink panel="signin">Sign In</PanelSwitchLink>
      </p>
      <p className={panelStyles.small}>
        See our <Link to="/legal/privacy">Privacy Policy</Link> and{' '}
        <Link to="/legal/terms">Terms of Use</Link>.
      </p>
    </div>
  );
}

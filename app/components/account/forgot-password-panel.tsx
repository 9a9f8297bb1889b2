/**
 * The Forgot Password panel (SPEC §2: e-mail, Submit, Back to Login; §4: idle, loading, then success or error; the
 * panel reloads 5 seconds after success). The answer is the same whether or not the address has an account.
 */
import { useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { button } from '../../../styles/button.css';
import { FormStatus, KitForm, SubmitButton, TextField } from '../forms/fields';
import { useKitForm } from '../forms/use-kit-form';
import { PanelSwitchLink } from '../panels/panel-link';
import * as panelStyles from '../panels/panels.css';
import * as styles from './account.css';
import { FORGOT_PASSWORD_ACTION, forgotPasswordForm, RESET_PANEL_RELOAD_MS } from './password-reset-forms';

export function ForgotPasswordPanel() {
  const [round, setRound] = useState(0);
  return <ForgotPasswordForm key={round} onReload={() => setRound((value) => value + 1)} />;
}

function ForgotPasswordForm({ onReload }: { onReload: () => void }) {
  const location = useLocation();
  const kit = useKitForm(forgotPasswordForm, {
    action: FORGOT_PASSWORD_ACTION,
    redirectTo: `${location.pathname}${location.search}`,
  });
  const sent = kit.message !== undefined && kit.hydrated;
  useEffect(() => {
    if (!sent) return;
    // A fresh form (its fetcher's answer is dropped with it): the panel is back to idle.
    const timer = setTimeout(onReload, RESET_PANEL_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [sent, onReload]);
  return (
    <div className={panelStyles.stack}>
      <KitForm kit={kit} className={styles.form}>
        <TextField field={kit.fields.email} label="Email" type="email" autoComplete="email" />
        <SubmitButton kit={kit} className={`${button.primary} ${panelStyles.wide}`} pendingLabel="Loading…">
          Submit
        </SubmitButton>
        <FormStatus kit={kit} />
      </KitForm>
      <p>
        <PanelSwitchLink panel="signin">Back to Login</PanelSwitchLink>
      </p>
    </div>
  );
}

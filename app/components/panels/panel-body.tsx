import { Link } from '@remix-run/react';
import { CartPanel } from '../cart/cart-panel';
import { PanelSwitchLink } from './panel-link';
import type { DialogPanel } from './panel-state';
import * as styles from './panels.css';

/** The heading of each panel (SPEC §2 "Panels"). */
export const PANEL_TITLES: Record<DialogPanel, string> = {
  cart: 'Your Cart',
  signin: 'Sign In',
  signup: 'Create Your Account',
  'reset-password': 'Forgot Password',
};

/**
 * What each panel holds: the cart (lines, totals, notifications; app/components/cart, decision 041), and the
 * account panels, which link to one another. The identity issue puts the sign-in, sign-up and forgot-password
 * forms here (docs/decisions/011-one-panel-system.md).
 */
export function PanelBody({ panel }: { panel: DialogPanel }) {
  switch (panel) {
    case 'cart':
      return <CartPanel />;
    case 'signin':
      return (
        <div className={styles.stack}>
          <p className={styles.muted}>Sign in to see your orders, repairs and saved details.</p>
          <ul className={styles.links}>
            <li>
              <PanelSwitchLink panel="signup">Create an account</PanelSwitchLink>
            </li>
            <li>
              <PanelSwitchLink panel="reset-password">Forgot your password?</PanelSwitchLink>
            </li>
          </ul>
        </div>
      );
    case 'signup':
      return (
        <div className={styles.stack}>
          <p className={styles.muted}>
            Already have an account? <PanelSwitchLink panel="signin">Sign In</PanelSwitchLink>
          </p>
          <p className={styles.small}>
            See our <Link to="/legal/privacy">Privacy Policy</Link> and{' '}
            <Link to="/legal/terms">Terms of Use</Link>.
          </p>
        </div>
      );
    case 'reset-password':
      return (
        <div className={styles.stack}>
          <p>
            <PanelSwitchLink panel="signin">Back to Login</PanelSwitchLink>
          </p>
        </div>
      );
  }
}

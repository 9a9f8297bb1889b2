import { button } from '../../../styles/button.css';
import { ForgotPasswordPanel } from '../account/forgot-password-panel';
import { SignInPanel } from '../account/sign-in-panel';
import { SignUpPanel } from '../account/sign-up-panel';
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
 * What each panel holds: the two-step sign-in, sign-up and forgot-password forms (app/components/account); the cart
 * is empty until the cart issue fills it (SPEC §8 "Your cart is empty"; docs/decisions/011-one-panel-system.md).
 */
export function PanelBody({ panel }: { panel: DialogPanel }) {
  switch (panel) {
    case 'cart':
      return (
        <div className={styles.stack}>
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>Your cart is empty</p>
            <p className={styles.muted}>Added items will appear here</p>
          </div>
          <button type="button" className={`${button.primary} ${styles.wide}`} disabled>
            Checkout
          </button>
        </div>
      );
    case 'signin':
      return <SignInPanel />;
    case 'signup':
      return <SignUpPanel />;
    case 'reset-password':
      return <ForgotPasswordPanel />;
  }
}

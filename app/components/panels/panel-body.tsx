import { ForgotPasswordPanel } from '../account/forgot-password-panel';
import { SignInPanel } from '../account/sign-in-panel';
import { SignUpPanel } from '../account/sign-up-panel';
import { CartPanel } from '../cart/cart-panel';
import type { DialogPanel } from './panel-state';

/** The heading of each panel (SPEC §2 "Panels"). */
export const PANEL_TITLES: Record<DialogPanel, string> = {
  cart: 'Your Cart',
  signin: 'Sign In',
  signup: 'Create Your Account',
  'reset-password': 'Forgot Password',
};

/**
 * What each panel holds: the cart (lines, totals, notifications; app/components/cart, decision 041) and the
 * two-step sign-in, sign-up and forgot-password forms (app/components/account; decision 011).
 */
export function PanelBody({ panel }: { panel: DialogPanel }) {
  switch (panel) {
    case 'cart':
      return <CartPanel />;
    case 'signin':
      return <SignInPanel />;
    case 'signup':
      return <SignUpPanel />;
    case 'reset-password':
      return <ForgotPasswordPanel />;
  }
}

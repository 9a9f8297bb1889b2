/** The account area's pages (issue 10 §9), named for assistive technology, the current one marked. */
import { NavLink } from '@remix-run/react';
import * as styles from './account.css';

const PAGES = [
  { to: '/account/profile', label: 'Profile' },
  { to: '/account/addresses', label: 'Addresses' },
  { to: '/account/orders', label: 'Orders' },
  { to: '/account/gift-cards', label: 'Gift cards' },
  { to: '/account/sessions', label: 'Sessions' },
  { to: '/account/password', label: 'Password' },
  { to: '/pro-program', label: 'Pro Program' },
  { to: '/account/privacy', label: 'Privacy' },
] as const;

export function AccountNav() {
  return (
    <nav aria-label="My account" className={styles.accountNav}>
      <ul className={styles.accountNavList}>
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end={page.to !== '/account/orders'} className={styles.accountNavLink}>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { Link, useLocation } from '@remix-run/react';
import { useEffect, useRef, type RefObject } from 'react';
import type { MenuItem } from '../../../server/content/public';
import { AccountIcon, CartIcon } from '../icons/icons';
import { usePersonalState } from '../layout/personal-state';
import { PanelLink } from '../panels/panel-link';
import { MainNavigation } from './main-navigation';
import { badgeText, cartLabel, PERSONAL_REGION } from './personal-markup';
import { SearchDisclosure } from './search-disclosure';
import * as styles from './site-header.css';

/** SPEC §2: the header hides on scrolling down past this offset and comes back on scrolling up. */
const HEADER_SCROLL_OFFSET = 32;

export type SiteHeaderProps = {
  siteName?: string;
  /** Empty when the site data could not be loaded: the header still offers home, search, account and cart. */
  navigation: MenuItem[];
};

export function SiteHeader({ siteName, navigation }: SiteHeaderProps) {
  const headerRef = useRef<HTMLElement>(null);
  // Rendered in for shoppers without JavaScript; fetched after hydration on shared pages (decision 021).
  const personal = usePersonalState().state;
  const cartCount = personal?.cartCount ?? 0;
  const location = useLocation();
  useHideOnScroll(headerRef);

  // A navigation closes whatever header panel led to it (the page behind it changed).
  useEffect(() => {
    headerRef.current?.querySelectorAll('details[open]').forEach((details) => {
      (details as HTMLDetailsElement).open = false;
    });
  }, [location.key]);

  const badge = badgeText(cartCount);

  // The regions a splice of the shared copy rewrites (personal-splice.server.ts, decision 107) carry
  // `data-personal`; the header also carries the state it was rendered with, read back at hydration.
  return (
    <header
      ref={headerRef}
      className={styles.header}
      data-personal={PERSONAL_REGION.header}
      data-cart-count={personal ? personal.cartCount : undefined}
      data-signed-in={personal ? String(personal.signedIn) : undefined}
    >
      <div className={styles.bar}>
        {/* The logo comes first in the document on every screen; the grid places the burger left of it. */}
        <Link to="/" className={styles.logo} aria-label={siteName ? `${siteName} home` : 'Home'}>
          <img className={styles.logoImage} src="/brand/logo.svg" alt="" width={176} height={40} />
        </Link>
        {navigation.length > 0 ? <MainNavigation items={navigation} /> : null}
        <div className={styles.actions}>
          <SearchDisclosure />
          {/* Panels are addressed by query flags (SPEC §2): real links, opened in place with JavaScript. */}
          {personal?.signedIn ? (
            // SPEC: the account icon's target when signed in.
            <Link
              to="/account/profile"
              className={`${styles.iconLink} ${styles.accountLink}`}
              aria-label="Account"
              data-personal={PERSONAL_REGION.account}
            >
              <AccountIcon />
            </Link>
          ) : (
            <PanelLink
              panel="signin"
              className={`${styles.iconLink} ${styles.accountLink}`}
              aria-label="Account"
              personalRegion={PERSONAL_REGION.account}
            >
              <AccountIcon />
            </PanelLink>
          )}
          <PanelLink panel="cart" className={styles.iconLink} aria-label={cartLabel(cartCount)}>
            <CartIcon />
            {badge !== null ? (
              <span className={styles.badge} aria-hidden="true">
                {badge}
              </span>
            ) : null}
          </PanelLink>
        </div>
      </div>
    </header>
  );
}

/**
 * Hides the sticky header while the page scrolls down (past the offset) and shows it on the way up. It
 * stays while a panel is open or it holds the keyboard focus. Writes a data attribute rather
 * than state: scrolling never re-renders React.
 */
function useHideOnScroll(ref: RefObject<HTMLElement>) {
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    let lastY = window.scrollY;
    let frame = 0;
    const update = () => {
      const y = window.scrollY;
      const busy =
        header.querySelector('details[open]') !== null ||
        header.matches(':focus-within') ||
        document.querySelector('[data-panel-dialog]') !== null;
      const hidden = !busy && y > HEADER_SCROLL_OFFSET && y > lastY;
      header.dataset.hidden = String(hidden);
      lastY = y;
    };
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [ref]);
}

import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Footer, Social } from '../../../server/content/public';
import { mediaUp } from '../../../styles/media';
import { container } from '../../../styles/utilities.css';
import { PERSONAL_REGION } from '../header/personal-markup';
import { usePersonalState } from '../layout/personal-state';
import { usePlainLinks } from '../layout/plain-links';
import { NewsletterSignup } from '../newsletter/newsletter-signup';
import { FOOTER_MARKUP_IDS, useServerFooterMarkup, type FooterMarkup } from './footer-markup';
import * as styles from './site-footer.css';

/**
 * The links' components, for a footer first mounted in the browser without the server's markup (which every page
 * carries: footer-markup.server.ts): not needed to show or hydrate a page, so a chunk of their own (decision 056).
 */
const loadLinks = () => import('./footer-links');
const FooterGroups = lazy(() => loadLinks().then((module) => ({ default: module.FooterGroups })));
const SocialItems = lazy(() => loadLinks().then((module) => ({ default: module.SocialItems })));
const LegalItems = lazy(() => loadLinks().then((module) => ({ default: module.LegalItems })));

/**
 * The footer's links as the server rendered them: on the server from entry.server's strings, in the browser read
 * once from the document (so hydration finds what it renders; React never writes an unchanged inner HTML). Null
 * for a part the document lacks.
 */
function useFooterMarkup(): Partial<FooterMarkup> {
  const serverMarkup = useServerFooterMarkup();
  const [markup] = useState<Partial<FooterMarkup>>(() => {
    if (serverMarkup !== null) return serverMarkup;
    if (typeof document === 'undefined') return {};
    const read = (part: keyof FooterMarkup) => document.getElementById(FOOTER_MARKUP_IDS[part])?.innerHTML;
    return { groups: read('groups'), social: read('social'), legal: read('legal') };
  });
  return markup;
}

/** A list or navigation whose content is the server's markup, or the component's render without it. */
function Island({
  as: Tag,
  part,
  markup,
  children,
  ...props
}: {
  as: 'nav' | 'ul';
  part: keyof FooterMarkup;
  markup: Partial<FooterMarkup>;
  children: ReactNode;
  className: string;
  'aria-label': string;
}) {
  const html = markup[part];
  return html !== undefined ? (
    <Tag id={FOOTER_MARKUP_IDS[part]} {...props} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <Tag id={FOOTER_MARKUP_IDS[part]} {...props}>
      <Suspense fallback={null}>{children}</Suspense>
    </Tag>
  );
}

export type SiteFooterProps = {
  /** Undefined when the site data could not be loaded: only the newsletter form and the year remain. */
  footer?: Footer;
  social?: Social;
  year: number;
};

export function SiteFooter({ footer, social, year }: SiteFooterProps) {
  // The footer's links are plain anchors that navigate in the app (plain-links.tsx): it renders on every page.
  const footerRef = useRef<HTMLElement>(null);
  usePlainLinks(footerRef);
  const markup = useFooterMarkup();
  // The personal part of a footer every viewer shares (decision 021): from the header's personal state, rendered in a
  // personal page and fetched after hydration on a shared one. A signed-in customer is not offered to sign in.
  const signedIn = usePersonalState().state?.signedIn === true;

  // From `md` up the groups are open (CSS already shows their links); below, they start collapsed.
  useEffect(() => {
    const groups = footerRef.current?.querySelector(`#${FOOTER_MARKUP_IDS.groups}`);
    if (!groups) return;
    const desktop = window.matchMedia(mediaUp.md);
    const sync = () => {
      groups.querySelectorAll('details').forEach((details) => {
        details.open = desktop.matches;
      });
    };
    sync();
    desktop.addEventListener('change', sync);
    return () => desktop.removeEventListener('change', sync);
  }, []);

  return (
    <footer
      ref={footerRef}
      className={styles.footer}
      data-personal={PERSONAL_REGION.footer}
      data-signed-in={signedIn ? '' : undefined}
    >
      <div className={container}>
        <div className={styles.top}>
          <section aria-labelledby="newsletter-heading">
            <h2 id="newsletter-heading" className={styles.newsletterHeading}>
              {footer?.newsletter.heading ?? 'Newsletter'}
            </h2>
            {footer ? <p className={styles.newsletterText}>{footer.newsletter.text}</p> : null}
            <NewsletterSignup labelClassName={styles.label} inputClassName={styles.input} />
          </section>
          {footer ? (
            <Island as="nav" part="groups" markup={markup} aria-label="Footer" className={styles.groups}>
              <FooterGroups footer={footer} />
            </Island>
          ) : null}
        </div>
        <div className={styles.bottom}>
          {social && social.links.length > 0 ? (
            <Island as="ul" part="social" markup={markup} aria-label="Follow us" className={styles.social}>
              <SocialItems social={social} />
            </Island>
          ) : null}
          {footer ? (
            <Island as="ul" part="legal" markup={markup} aria-label="Legal" className={styles.legal}>
              <LegalItems footer={footer} />
            </Island>
          ) : null}
          <p className={styles.copyright}>
            © {year} {footer?.copyright}
          </p>
        </div>
      </div>
    </footer>
  );
}

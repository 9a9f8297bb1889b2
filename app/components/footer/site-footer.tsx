import { useEffect, useRef } from 'react';
import type { Footer, LinkGroup, Social } from '../../../server/content/public';
import { mediaUp } from '../../../styles/media';
import { container } from '../../../styles/utilities.css';
import { ChevronDownIcon, LinkGlyph, SocialGlyph } from '../icons/icons';
import { PLAIN_LINK, usePlainLinks } from '../layout/plain-links';
import { NewsletterSignup } from '../newsletter/newsletter-signup';
import * as styles from './site-footer.css';

export type SiteFooterProps = {
  /** Undefined when the site data could not be loaded: only the newsletter form and the year remain. */
  footer?: Footer;
  social?: Social;
  year: number;
};

export function SiteFooter({ footer, social, year }: SiteFooterProps) {
  const groupsRef = useRef<HTMLElement>(null);
  // The footer's links are plain anchors that navigate in the app (plain-links.tsx): it renders on every page.
  const footerRef = useRef<HTMLElement>(null);
  usePlainLinks(footerRef);

  // From `md` up the groups are open (CSS already shows their links); below, they start collapsed.
  useEffect(() => {
    const groups = groupsRef.current;
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
    <footer ref={footerRef} className={styles.footer}>
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
            <nav ref={groupsRef} aria-label="Footer" className={styles.groups}>
              {footer.linkGroups.map((group) => (
                <FooterGroup key={group.title} group={group} />
              ))}
            </nav>
          ) : null}
        </div>
        <div className={styles.bottom}>
          {social && social.links.length > 0 ? (
            <ul className={styles.social} aria-label="Follow us">
              {social.links.map((link) => (
                <li key={link.platform}>
                  <a
                    href={link.url}
                    className={styles.socialLink}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${link.label} (opens in a new tab)`}
                  >
                    <SocialGlyph platform={link.platform} size={20} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {footer ? (
            <ul className={styles.legal} aria-label="Legal">
              {[...footer.legalLinks, footer.cookieSettings].map((link) => (
                <li key={link.url}>
                  <a href={link.url} className={styles.link} {...PLAIN_LINK}>
                    {link.title}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <p className={styles.copyright}>
            © {year} {footer?.copyright}
          </p>
        </div>
      </div>
    </footer>
  );
}

function FooterGroup({ group }: { group: LinkGroup }) {
  return (
    <details className={styles.group}>
      <summary className={styles.groupSummary}>
        <h2 className={styles.groupTitle}>{group.title}</h2>
        <ChevronDownIcon className={styles.chevron} size={20} />
      </summary>
      <ul className={styles.links}>
        {group.links.map((link) => (
          <li key={link.url}>
            <a href={link.url} className={styles.link} {...PLAIN_LINK}>
              {link.icon ? <LinkGlyph name={link.icon} size={18} /> : null}
              {link.title}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

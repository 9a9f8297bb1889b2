import type { Footer, LinkGroup, Social } from '../../../server/content/public';
import { LinkGlyph, SocialGlyph } from '../icons/content-icons';
import { ChevronDownIcon } from '../icons/icons';
import { PLAIN_LINK } from '../layout/plain-links';
import * as styles from './site-footer.css';

/**
 * The footer's links: its link groups, the social links and the legal links. Plain markup without hooks or router
 * links, so that the server renders it once per footer document and every page reuses the strings
 * (footer-markup.server.ts); the browser keeps the server's markup (site-footer.tsx), so none of this, the link and
 * social glyphs with it, is in the page's scripts (decision 056). The footer's delegated listener makes the plain
 * links navigate in the app (plain-links.tsx).
 */
export function FooterGroups({ footer }: { footer: Footer }) {
  return (
    <>
      {footer.linkGroups.map((group) => (
        <FooterGroup key={group.title} group={group} />
      ))}
    </>
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
          <li key={link.url} data-signed-out-only={opensAccountPanel(link.url) ? '' : undefined}>
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

/**
 * "Sign In" and "Create an Account" (`?login=true`, `?create-an-account=true`): for a signed-out shopper only. The
 * markup is the same for every viewer (decision 021), so the footer hides them by the personal state (site-footer.tsx,
 * issue 24 §11), leaving the account's own links.
 */
function opensAccountPanel(url: string): boolean {
  return /[?&](login|create-an-account)=true(&|$)/.test(url);
}

export function SocialItems({ social }: { social: Social }) {
  return (
    <>
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
    </>
  );
}

export function LegalItems({ footer }: { footer: Footer }) {
  return (
    <>
      {[...footer.legalLinks, footer.cookieSettings].map((link) => (
        <li key={link.url}>
          <a href={link.url} className={styles.link} {...PLAIN_LINK}>
            {link.title}
          </a>
        </li>
      ))}
    </>
  );
}

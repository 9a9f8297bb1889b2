import { Link } from '@remix-run/react';
import * as styles from './breadcrumbs.css';
import { useRootData } from './layout/root-data';
import { breadcrumbListJsonLd, JsonLd, serializeJsonLd } from './seo/json-ld';

export type Breadcrumb = { label: string; href: string };

const HOME_BREADCRUMB: Breadcrumb = { label: 'Homepage', href: '/' };

/**
 * The trail to the current page. It always starts with "Homepage" (SPEC §2), so pass only the crumbs after
 * it, ending with the current page, which is marked `aria-current="page"`:
 * `<Breadcrumbs items={[{ label: 'Mens', href: '/mens/' }, { label: 'Rain Jackets', href: '/mens/…/' }]} />`.
 */
export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  const trail = [HOME_BREADCRUMB, ...items];
  const siteUrl = useRootData()?.siteUrl;
  return (
    <nav aria-label="Breadcrumb" className={styles.nav}>
      {/* The same trail for search engines (schema.org BreadcrumbList). */}
      {siteUrl ? (
        <JsonLd json={import.meta.env.SSR ? serializeJsonLd(breadcrumbListJsonLd(trail, siteUrl)) : ''} />
      ) : null}
      <ol className={styles.list}>
        {trail.map((crumb, index) => (
          <li key={crumb.href} className={styles.crumb}>
            <Link
              to={crumb.href}
              className={styles.link}
              aria-current={index === trail.length - 1 ? 'page' : undefined}
            >
              {crumb.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

import { Link } from '@remix-run/react';
import { allSizeCharts } from '../../../server/catalogue/public';
import type { ContentPage as Page } from '../../../server/content/public';
import { container } from '../../../styles/utilities.css';
import { SizeChartTable } from '../catalogue/size-chart-modal';
import * as styles from './content-page.css';

/** A help, legal or coming-soon page from `content/pages.json` (issue 9 §9). */
export function ContentPage({ page }: { page: Page }) {
  return (
    <article className={`${container} ${styles.page}`}>
      <header>
        {page.kind === 'coming' ? <p className={styles.eyebrow}>Coming soon</p> : null}
        <h1 className={styles.title}>{page.title}</h1>
      </header>
      <p className={styles.intro}>{page.intro}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h2 className={styles.heading}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.links ? (
            <ul className={styles.links}>
              {section.links.map((link) => (
                <li key={link.url}>
                  <Link className={styles.link} to={link.url}>
                    {link.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {page.sizeCharts ? (
        <section className={styles.charts} aria-labelledby="size-charts-heading">
          <h2 id="size-charts-heading" className={styles.heading}>
            Size charts
          </h2>
          {allSizeCharts().map((chart) => (
            <SizeChartTable key={chart.caption} chart={chart} />
          ))}
        </section>
      ) : null}
    </article>
  );
}

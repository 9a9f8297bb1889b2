import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { SizeChart } from '../../../server/catalogue/public';
import * as styles from './size-chart.css';

/*
 * The size chart's modal and table: a chunk of its own (decision 056), which the product page loads when the chart
 * opens (size-chart.tsx); the size-charts help page renders the tables. The styles stay in size-chart.css.ts, which
 * the product page imports with the link, so a chart the server renders open has its stylesheet in the document.
 */

/**
 * The size chart as a modal: rendered by the server when the flag is in the URL, closed by a link without
 * it. With JavaScript the close link takes focus, Escape closes, and focus returns to the page.
 */
export function SizeChartModal({ chart, closeHref }: { chart: SizeChart; closeHref: string }) {
  const closeRef = useRef<HTMLAnchorElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(closeHref, { preventScrollReset: true, replace: true });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [closeHref, navigate]);
  return (
    <div className={styles.backdrop} data-size-chart="">
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="size-chart-title">
        <div className={styles.header}>
          <h2 id="size-chart-title" className={styles.title}>
            Size chart
          </h2>
          <Link ref={closeRef} to={closeHref} className={styles.close} preventScrollReset replace>
            Close<span aria-hidden="true"> ×</span>
          </Link>
        </div>
        <SizeChartTable chart={chart} />
      </div>
    </div>
  );
}

/** A chart as a table: sizes as row headers, measurements in columns, the caption naming what it is for. */
export function SizeChartTable({ chart }: { chart: SizeChart }) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{chart.caption}</caption>
      <thead>
        <tr>
          {chart.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {chart.rows.map(([size, ...cells]) => (
          <tr key={size}>
            <th scope="row">{size}</th>
            {cells.map((cell, index) => (
              <td key={index}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { Link, useNavigate } from '@remix-run/react';
import type { SizeChart } from '../../../server/catalogue/public';
import { holdDialog } from '../panels/dialog';
import { useDialog } from '../panels/use-dialog';
import * as styles from './size-chart.css';

/*
 * The size chart's modal and table: a chunk of its own (decision 056), which the product page loads when the chart
 * opens (size-chart.tsx); the size-charts help page renders the tables. The styles stay in size-chart.css.ts, which
 * the product page imports with the link, so a chart the server renders open has its stylesheet in the document.
 */

/**
 * The size chart as a modal (the dialog of dialog.ts): rendered by the server when the flag is in the URL, closed
 * by a link without it. With JavaScript the close link takes the focus, Tab stays inside, Escape closes, and the
 * focus returns to the "Size chart" link.
 */
export function SizeChartModal({ chart, closeHref }: { chart: SizeChart; closeHref: string }) {
  const navigate = useNavigate();
  const { ref, dialogProps } = useDialog<HTMLDivElement>({
    hold: holdDialog,
    onClose: () => navigate(closeHref, { preventScrollReset: true, replace: true }),
    returnFocus: () => document.querySelector<HTMLElement>('[data-size-chart-opener]'),
  });
  return (
    <div className={styles.backdrop} data-size-chart="">
      <div ref={ref} className={styles.dialog} {...dialogProps} aria-labelledby="size-chart-title">
        <div className={styles.header}>
          <h2 id="size-chart-title" className={styles.title}>
            Size chart
          </h2>
          <Link to={closeHref} className={styles.close} preventScrollReset replace data-autofocus>
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

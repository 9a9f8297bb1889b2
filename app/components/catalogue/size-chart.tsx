import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import * as styles from './size-chart.css';

/** The query flag that opens the size chart (SPEC §2 "Other modals: size chart"), as panels use flags. */
export const SIZE_CHART_FLAG = 'size-chart';

type Chart = { caption: string; columns: string[]; rows: string[][] };

/** Body measurements in inches, by the kind of garment the product_type names. */
const TOPS: Chart = {
  caption: 'Tops and jackets: body measurements in inches',
  columns: ['Size', 'Chest', 'Waist', 'Sleeve'],
  rows: [
    ['S', '35–37', '29–31', '33'],
    ['M', '38–40', '32–34', '34'],
    ['L', '41–44', '35–37', '35'],
    ['XL', '45–48', '38–41', '36'],
    ['2XL', '49–52', '42–45', '37'],
    ['3XL', '53–56', '46–49', '38'],
  ],
};
const BOTTOMS: Chart = {
  caption: 'Pants and bibs: body measurements in inches',
  columns: ['Size', 'Waist', 'Hip', 'Inseam'],
  rows: [
    ['S', '29–31', '36–38', '32'],
    ['M', '32–34', '39–41', '32'],
    ['L', '35–37', '42–44', '32'],
    ['XL', '38–41', '45–48', '32'],
    ['2XL', '42–45', '49–52', '32'],
  ],
};
const BOTTOM_TYPES = ['pant', 'bib', 'short', 'wader', 'bottom'];

export function sizeChartFor(productType: string | undefined): Chart {
  const type = (productType ?? '').toLowerCase();
  return BOTTOM_TYPES.some((bottom) => type.includes(bottom)) ? BOTTOMS : TOPS;
}

/** The link that opens the chart: a real URL, so it works without JavaScript. */
export function SizeChartLink({ openHref }: { openHref: string }) {
  return (
    <Link to={openHref} className={styles.openLink} preventScrollReset replace>
      Size chart
    </Link>
  );
}

/**
 * The size chart as a modal: rendered by the server when the flag is in the URL, closed by a link without
 * it. With JavaScript the close link takes focus, Escape closes, and focus returns to the page.
 */
export function SizeChartModal({
  productType,
  closeHref,
}: {
  productType: string | undefined;
  closeHref: string;
}) {
  const chart = sizeChartFor(productType);
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
    <div className={styles.backdrop}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="size-chart-title">
        <div className={styles.header}>
          <h2 id="size-chart-title" className={styles.title}>
            Size chart
          </h2>
          <Link ref={closeRef} to={closeHref} className={styles.close} preventScrollReset replace>
            Close<span aria-hidden="true"> ×</span>
          </Link>
        </div>
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
      </div>
    </div>
  );
}

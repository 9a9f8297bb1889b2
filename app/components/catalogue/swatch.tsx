import type { ColorSwatch } from '../../../server/catalogue/public';
import { CARD_SWATCHES } from './card-view';
import { visuallyHidden } from '../../../styles/utilities.css';
import * as styles from './swatch.css';

/** One colour as its swatch image, or its hex colour when it has none; named by the colour's label. */
export function Swatch({
  color,
  size,
}: {
  color: Pick<ColorSwatch, 'label' | 'swatchUrl' | 'hex'>;
  size: number;
}) {
  if (color.swatchUrl) {
    return (
      <img
        className={styles.swatch}
        src={color.swatchUrl}
        alt={color.label}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span
      className={styles.swatch}
      role="img"
      aria-label={color.label}
      style={{ width: size, height: size, backgroundColor: color.hex ?? undefined }}
    />
  );
}

/**
 * The colours of a product card: the first few swatches, then how many more there are (`count`: all the
 * product's colours, when the card was sent only the first few; card-view.ts). `shownId`: the swatch of the
 * colourway the card shows under a colour filter, marked `aria-current` and ringed.
 */
export function SwatchList({
  colors,
  count = colors.length,
  shownId,
}: {
  colors: Pick<ColorSwatch, 'id' | 'label' | 'swatchUrl' | 'hex'>[];
  count?: number;
  shownId?: number;
}) {
  const shown = colors.slice(0, CARD_SWATCHES);
  const more = count - shown.length;
  return (
    <ul role="list" className={styles.list} aria-label={`${count} ${count === 1 ? 'color' : 'colors'}`}>
      {shown.map((color) => (
        <li key={color.id} aria-current={color.id === shownId ? 'true' : undefined}>
          <Swatch color={color} size={18} />
        </li>
      ))}
      {more > 0 ? (
        <li className={styles.more}>
          <span aria-hidden="true">+{more}</span>
          <span className={visuallyHidden}>and {more} more</span>
        </li>
      ) : null}
    </ul>
  );
}

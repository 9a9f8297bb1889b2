import { Link } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Promobar } from '../../../server/content/public';
import { visuallyHidden } from '../../../styles/utilities.css';
import { ChevronDownIcon, PauseIcon, PlayIcon } from '../icons/icons';
import { usePanels } from '../panels/panel-context';
import { useHydrated } from '../panels/use-hydrated';
import { HEADER_PANEL_GROUP } from './panel-group';
import * as styles from './promo-bar.css';

/** SPEC §4 "Small behaviours": the rotating line shows a new text every 3000 ms by default. */
export const ROTATION_INTERVAL_MS = 3000;

/**
 * The promo bar above the header: a rotating line of texts that opens a dropdown of promotions (SPEC §3
 * Promobar item). Without JavaScript it shows the first text and the dropdown still opens (`<details>`).
 * With JavaScript the dropdown is the `promobar` panel of the panel state (it closes on scroll, SPEC §2, on
 * Escape and when the pointer moves onto the overlay), and the line rotates every `interval` ms — also for
 * visitors who prefer reduced motion, who get the new text without the slide and fade (docs/decisions/011).
 * It holds still while the visitor pauses it with the button beside it (WCAG 2.2.2), or points at or
 * focuses the bar.
 */
export function PromoBar({
  promobar,
  interval = ROTATION_INTERVAL_MS,
}: {
  promobar: Promobar;
  interval?: number;
}) {
  const stripRef = useRef<HTMLDivElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const { state, dispatch } = usePanels();
  const { rotatingTexts, items } = promobar;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // False on the server and during hydration: the pause button appears once the line can rotate.
  const canRotate = useHydrated() && rotatingTexts.length > 1;

  useEffect(() => {
    if (!canRotate || paused) return;
    const timer = window.setInterval(() => {
      // Hold still while pointed at or focused: read from the DOM when the timer fires, so pointer and
      // focus moves cost no renders.
      if (stripRef.current?.matches(':hover, :focus-within')) return;
      setIndex((current) => (current + 1) % rotatingTexts.length);
    }, interval);
    return () => window.clearInterval(timer);
  }, [canRotate, paused, rotatingTexts.length, interval]);

  const promoOpen = state.active === 'promobar';
  useEffect(() => {
    if (!promoOpen) return;
    const close = () => dispatch({ type: 'release', panel: 'promobar' });
    window.addEventListener('scroll', close, { passive: true });
    return () => window.removeEventListener('scroll', close);
  }, [promoOpen, dispatch]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !detailsRef.current?.open) return;
    event.preventDefault();
    dispatch({ type: 'release', panel: 'promobar' });
    detailsRef.current.querySelector('summary')?.focus();
  };

  const hasItems = items.length > 0;

  return (
    <div ref={stripRef} className={styles.strip}>
      {hasItems ? (
        <details
          ref={detailsRef}
          className={styles.disclosure}
          name={HEADER_PANEL_GROUP}
          data-panel="promobar"
          open={promoOpen}
          onToggle={(event) =>
            dispatch(
              event.currentTarget.open
                ? { type: 'set', panel: 'promobar' }
                : { type: 'release', panel: 'promobar' },
            )
          }
          onKeyDown={onKeyDown}
        >
          <summary className={styles.toggle}>
            <span className={visuallyHidden}>Offers: </span>
            <RotatingText index={index} texts={rotatingTexts} />
            <ChevronDownIcon className={styles.chevron} size={16} />
          </summary>
          <div className={styles.panel}>
            <ul className={styles.items}>
              {items.map((item) => (
                <li key={item.title} className={styles.item}>
                  <img
                    src={item.image.src}
                    alt={item.image.alt}
                    width={item.image.width}
                    height={item.image.height}
                    loading="lazy"
                    decoding="async"
                  />
                  <div>
                    <p className={styles.itemTitle}>{item.title}</p>
                    <p className={styles.itemText}>{item.description}</p>
                    <Link to={item.linkUrl} className={styles.itemLink}>
                      {item.linkTitle}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </details>
      ) : (
        <p className={`${styles.disclosure} ${styles.toggle}`}>
          <RotatingText index={index} texts={rotatingTexts} />
        </p>
      )}
      {canRotate ? (
        <button
          type="button"
          className={styles.pause}
          aria-pressed={paused}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
          <span className={visuallyHidden}>Pause offers</span>
        </button>
      ) : null}
    </div>
  );
}

/**
 * Every text in one grid cell, the others hidden: the line is as tall and wide as its longest text whichever shows,
 * so a turn never moves the page (issue 24 §11: on a phone a text that wrapped made the page jump 11 px at each
 * turn). The shown text is keyed by position, so each new one mounts afresh and plays the slide-in.
 */
function RotatingText({ index, texts }: { index: number; texts: readonly string[] }) {
  const shown = index % Math.max(texts.length, 1);
  return (
    <span className={styles.rotatingWindow}>
      {texts.map((text, position) =>
        position === shown ? (
          <span key={`shown-${index}`} className={styles.rotatingText}>
            {text}
          </span>
        ) : (
          <span key={position} className={styles.reservedText} aria-hidden="true">
            {text}
          </span>
        ),
      )}
    </span>
  );
}

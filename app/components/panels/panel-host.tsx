import { Link } from '@remix-run/react';
import { OpenPanel } from './panel-body';
import { usePanels } from './panel-context';
import { useCloseHref } from './panel-link';
import { closesOnOutsideClick, isDialogPanel } from './panel-state';
import * as styles from './panels.css';

/**
 * The open dialog panel (cart, sign-in, sign-up, forgot password) and the dark overlay under every panel
 * (SPEC §2). The overlay is always in the page and shown by CSS whenever a panel is open, so the header's
 * disclosures (search, promo bar) get it without JavaScript as well.
 */
export function PanelHost() {
  const { state } = usePanels();
  const active = state.active;
  return (
    <>
      <PanelOverlay />
      {/* The dialog's frame and body are loaded when it opens (panel-body.tsx). */}
      {isDialogPanel(active) ? <OpenPanel key={active} panel={active} /> : null}
    </>
  );
}

function PanelOverlay() {
  const { state, dispatch, close } = usePanels();
  const closeHref = useCloseHref();
  const active = state.active;
  // Hovering the overlay closes the promo bar's dropdown (SPEC §2).
  const onPointerEnter = () => dispatch({ type: 'release', panel: 'promobar' });

  if (isDialogPanel(active) && closesOnOutsideClick(active)) {
    // Without JavaScript, a click outside the cart or sign-in panel follows this link to the page without
    // the flag. It is out of the tab order and of the accessibility tree: the close link is the control.
    return (
      <Link
        to={closeHref}
        className={styles.overlay}
        aria-hidden="true"
        tabIndex={-1}
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          close();
        }}
      />
    );
  }
  return (
    <div
      className={styles.overlay}
      aria-hidden="true"
      onPointerEnter={onPointerEnter}
      onClick={() => dispatch({ type: 'release', panel: 'search' })}
    />
  );
}

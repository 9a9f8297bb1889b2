import { Link } from '@remix-run/react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CloseIcon } from '../icons/icons';
import { usePanels } from './panel-context';
import { useCloseHref } from './panel-link';
import { closesOnOutsideClick, type DialogPanel } from './panel-state';
import * as styles from './panels.css';
import { useHydrated } from './use-hydrated';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The frame of a panel (its own chunk, loaded with the panel's body: panel-body.tsx): a dialog with its heading and a close link to the page without the panel's flag
 * (so it closes without JavaScript too). With JavaScript the focus moves in when it opens, Tab stays inside,
 * Escape closes it, and for the cart and sign-in so does a click outside.
 */
export function PanelDialog({
  panel,
  title,
  children,
}: {
  panel: DialogPanel;
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { close } = usePanels();
  const closeHref = useCloseHref();
  // aria-modal only once the script keeps the focus inside: without it the page behind stays reachable.
  const modal = useHydrated();
  const titleId = `panel-${panel}-title`;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
  }, [panel]);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        close();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || ref.current?.contains(target)) return;
      // An opener toggles or replaces the panel on its own click.
      if (target.closest('[data-panel-opener]')) return;
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    if (closesOnOutsideClick(panel)) document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [close, panel]);

  /** Tab and Shift+Tab cycle through the dialog's controls. */
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.getClientRects().length > 0,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const current = document.activeElement;
    if (event.shiftKey && (current === first || current === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && current === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal={modal ? true : undefined}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-panel-dialog={panel}
      className={styles.dialog[panel]}
      onKeyDown={trapTab}
    >
      <div className={styles.dialogHeader}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        <Link
          to={closeHref}
          className={styles.closeLink}
          aria-label="Close"
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
        >
          <CloseIcon size={22} />
        </Link>
      </div>
      <div className={styles.dialogBody}>{children}</div>
    </div>
  );
}

import { Link } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { CloseIcon } from '../icons/icons';
import { holdDialog } from './dialog';
import { usePanels } from './panel-context';
import { useCloseHref } from './panel-link';
import { useDialog } from './use-dialog';
import { closesOnOutsideClick, type DialogPanel } from './panel-state';
import * as styles from './panels.css';

/**
 * The frame of a panel (its own chunk, loaded with the panel's body: panel-body.tsx): a dialog (dialog.ts) with
 * its heading and a close link to the page without the panel's flag (so it closes without JavaScript too). With
 * JavaScript the focus moves in when it opens, Tab stays inside, Escape closes it, and for the cart and sign-in
 * so does a click outside; the panel state returns the focus (panel-context.tsx, decision 046).
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
  const { close } = usePanels();
  const closeHref = useCloseHref();
  const { ref, dialogProps } = useDialog<HTMLDivElement>({
    hold: holdDialog,
    onClose: close,
    returnFocus: false,
  });
  const titleId = `panel-${panel}-title`;

  useEffect(() => {
    if (!closesOnOutsideClick(panel)) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || ref.current?.contains(target)) return;
      // An opener toggles or replaces the panel on its own click.
      if (target.closest('[data-panel-opener]')) return;
      close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [close, panel, ref]);

  return (
    <div
      ref={ref}
      {...dialogProps}
      aria-labelledby={titleId}
      data-panel-dialog={panel}
      className={styles.dialog[panel]}
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

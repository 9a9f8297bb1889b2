const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const shows = (element: Element) => element.isConnected && element.getClientRects().length > 0;

export type DialogOptions = {
  /** Escape asks for this; the caller closes the dialog (state, or a navigation to the URL without its flag). */
  onClose: () => void;
  /**
   * Where the focus goes on closing when the control that opened it does not show (a dialog the URL opened);
   * `false` when the caller returns the focus itself (the panels: decision 046's fallbacks).
   */
  returnFocus?: false | (() => HTMLElement | null);
};

/**
 * The one dialog behaviour (issue 22: the panels, the filters modal and the size chart share it), for a dialog the
 * page shows and the script now keeps: the focus moves in (to `[data-autofocus]`, else the dialog), Tab and
 * Shift+Tab cycle inside (a focus that got out comes back on the next Tab), Escape calls `onClose`. The function
 * it returns lets go, and gives the focus back to the control that had it when the dialog opened.
 * `options` is read when a key is pressed and on letting go, so it may change while the dialog is open.
 */
export function holdDialog(dialog: HTMLElement, options: () => DialogOptions): () => void {
  const focused = document.activeElement;
  const opener =
    focused instanceof HTMLElement && focused !== document.body && !dialog.contains(focused) ? focused : null;
  if (!dialog.contains(document.activeElement)) {
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog).focus();
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      options().onClose();
    } else if (event.key === 'Tab') {
      keepTabInside(event, dialog);
    }
  };
  document.addEventListener('keydown', onKeyDown);
  return () => {
    document.removeEventListener('keydown', onKeyDown);
    const { returnFocus } = options();
    if (returnFocus === false) return;
    // The focus moved on by itself (a click elsewhere): leave it there.
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected && !dialog.contains(now)) return;
    const target = opener && shows(opener) ? opener : (returnFocus?.() ?? null);
    target?.focus();
  };
}

/** Tab past the last control goes to the first, Shift+Tab before the first to the last. */
function keepTabInside(event: KeyboardEvent, dialog: HTMLElement) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(shows);
  const first = focusable[0];
  const last = focusable.at(-1);
  const current = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    dialog.focus();
  } else if (!current || !dialog.contains(current)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (current === first || current === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && current === last) {
    event.preventDefault();
    first.focus();
  }
}

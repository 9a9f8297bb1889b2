import { useEffect, useRef } from 'react';
import type { DialogOptions, holdDialog } from './dialog';
import { useHydrated } from './use-hydrated';

type Hold = typeof holdDialog;

/**
 * A dialog element (dialog.ts holds its focus and keys). Without JavaScript a dialog is what the server rendered
 * from a URL flag, closed by a link without it, and nothing keeps the focus inside: so `aria-modal` only once
 * hydrated. `hold` is `holdDialog` itself (a dialog in a chunk of its own), or `load` fetches it when the dialog
 * opens (the listing's filters: their dialog code stays out of the page's first load). Spread `dialogProps` on the element with `ref`.
 */
export function useDialog<T extends HTMLElement>({
  active = true,
  hold,
  load,
  ...options
}: DialogOptions & {
  /** Whether the element is a dialog now (the filters are a plain region on a desktop); default true. */
  active?: boolean;
} & ({ hold: Hold; load?: never } | { load: () => Promise<Hold>; hold?: never })) {
  const ref = useRef<T>(null);
  const modal = useHydrated() && active;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!modal || !dialog) return;
    let release: (() => void) | undefined;
    let closed = false;
    const start = (holdIt: Hold) => {
      if (!closed) release = holdIt(dialog, () => latest.current);
    };
    if (hold) start(hold);
    else void load().then(start);
    return () => {
      closed = true;
      release?.();
    };
    // `hold` and `load` are a module's function and a loader of it: the same for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modal]);

  const dialogProps = active
    ? ({ role: 'dialog', 'aria-modal': modal || undefined, tabIndex: -1 } as const)
    : {};
  return { ref, dialogProps };
}

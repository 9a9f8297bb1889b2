import { Link, useLocation } from '@remix-run/react';
import type { MouseEvent, ReactNode } from 'react';
import { usePanels } from './panel-context';
import { searchWithoutPanelFlags, searchWithPanel, type DialogPanel } from './panel-state';

/** Plain left clicks are ours; a modified click (new tab, new window) keeps the link's own behaviour. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

type PanelLinkProps = {
  panel: DialogPanel;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
  /** A region a splice of the shared copy rewrites (`data-personal`, decision 107). */
  personalRegion?: string;
};

/**
 * A link that opens a panel (CONVENTIONS 8): a real URL with the panel's query flag, so the server renders the
 * panel open without JavaScript; with JavaScript the click opens it in place, without a navigation. Header
 * openers carry `aria-expanded` and `data-panel-opener` (the focus returns there when the panel closes).
 */
export function PanelLink({
  panel,
  children,
  className,
  'aria-label': label,
  personalRegion,
}: PanelLinkProps) {
  const location = useLocation();
  const { state, open } = usePanels();
  return (
    <Link
      to={`${location.pathname}${searchWithPanel(location.search, panel)}`}
      className={className}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={state.active === panel}
      data-panel-opener={panel}
      data-personal={personalRegion}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        open(panel, event.currentTarget);
      }}
    >
      {children}
    </Link>
  );
}

/** A link between panels inside an open one ("Create an account", "Back to Login"). */
export function PanelSwitchLink({ panel, children, className }: Omit<PanelLinkProps, 'aria-label'>) {
  const location = useLocation();
  const { open } = usePanels();
  return (
    <Link
      to={`${location.pathname}${searchWithPanel(location.search, panel)}`}
      className={className}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        open(panel, event.currentTarget);
      }}
    >
      {children}
    </Link>
  );
}

/** The current page without any panel flag: where a panel's close link leads without JavaScript. */
export function useCloseHref(): string {
  const location = useLocation();
  return `${location.pathname}${searchWithoutPanelFlags(location.search)}`;
}

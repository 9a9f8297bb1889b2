import { Form, Link, useNavigate, useSubmit } from '@remix-run/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  emptyFilters,
  listingSearch,
  toggleFilter,
  type Facet,
  type FacetValue,
  type ListingKeep,
  type ListingQuery,
} from '../../../server/catalogue/public';
import { button } from '../../../styles/button.css';
import { visuallyHidden } from '../../../styles/utilities.css';
import { useDialog } from '../panels/use-dialog';
import * as styles from './filter-panel.css';

/** Changes made within this time submit together (one navigation for a burst of clicks). */
const AUTO_SUBMIT_DELAY_MS = 400;

export const FILTERS_PANEL_ID = 'filters';

/**
 * The filters modal's state with JavaScript: a `?filters=open` URL opens it and loses the flag (history replace).
 * The state starts from the flag, so the hydrating render is the server's; a render-phase update there gave the
 * panel's heading another `useId` than the server's (React #418 on `/mens/?filters=open`).
 */
export function useFiltersModal(filtersOpen: boolean, closedHref: string) {
  const navigate = useNavigate();
  const [modalOpen, setModalOpen] = useState(filtersOpen);
  const [flagSeen, setFlagSeen] = useState(filtersOpen);
  if (filtersOpen !== flagSeen) {
    setFlagSeen(filtersOpen);
    if (filtersOpen) setModalOpen(true);
  }
  useEffect(() => {
    if (filtersOpen) navigate(closedHref, { replace: true, preventScrollReset: true });
  }, [filtersOpen, closedHref, navigate]);
  return {
    modalOpen,
    openModal: useCallback(() => setModalOpen(true), []),
    // The dialog returns the focus to the Filters control.
    closeModal: useCallback(() => setModalOpen(false), []),
  };
}

/**
 * The listing's filters: a GET form of checkboxes, one fieldset per facet, with an Apply button, so every
 * filtered page is a plain URL that works without JavaScript. With JavaScript a change submits by itself
 * (debounced: one history entry per burst of clicks, as each Apply makes one without JavaScript, so Back undoes it).
 *
 * Below desktop width the panel is the filters modal: without JavaScript it is open when the URL says
 * `?filters=open` (the Filters link) and closes by a link without that flag; with JavaScript it is a modal
 * dialog (dialog.ts: focus kept inside, Escape closes, focus returns to the Filters control).
 */
export function FilterPanel({
  facets,
  query,
  pathname,
  resultCount,
  open,
  onClose,
  keep,
}: {
  facets: Facet[];
  query: ListingQuery;
  pathname: string;
  /** Products the filters shown select, named in the modal (the toolbar behind it names them on a desktop). */
  resultCount: number;
  open: boolean;
  onClose?: () => void;
  /** Parameters the filtered URLs keep (the search page's `q`). */
  keep?: ListingKeep;
}) {
  const headingId = useId();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const search = listingSearch(query, keep);
  const closeHref = `${pathname}${search}`;
  // The boxes follow the URL: they reset whenever the loader's query changes (a chip removed, back button).
  const [checked, setChecked] = useState(() => selectedKeys(facets));
  const [checkedFor, setCheckedFor] = useState(search);
  if (checkedFor !== search) {
    setCheckedFor(search);
    setChecked(selectedKeys(facets));
  }
  const toggle = (key: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        submit(form, { preventScrollReset: true });
      }, AUTO_SUBMIT_DELAY_MS);
    },
    [submit],
  );

  const isModal = open && onClose !== undefined;
  const { ref: panelRef, dialogProps } = useDialog<HTMLElement>({
    active: isModal,
    load: () => import('../panels/dialog').then((module) => module.holdDialog),
    onClose: () => onClose?.(),
    // Opened by the URL (`?filters=open`): the focus goes to the Filters control when it closes.
    returnFocus: () => document.querySelector<HTMLElement>(`[aria-controls="${FILTERS_PANEL_ID}"]`),
  });

  return (
    <section
      ref={panelRef}
      id={FILTERS_PANEL_ID}
      className={[styles.panel, open ? styles.open : ''].join(' ')}
      aria-labelledby={headingId}
      {...dialogProps}
    >
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.heading}>
          Filters
        </h2>
        <p className={styles.resultCount}>
          {resultCount} {resultCount === 1 ? 'product' : 'products'}
        </p>
        {onClose ? (
          <button type="button" className={styles.close} onClick={onClose} data-autofocus>
            Close<span className={visuallyHidden}> filters</span>
          </button>
        ) : (
          <Link to={closeHref} className={styles.close} replace preventScrollReset>
            Close<span className={visuallyHidden}> filters</span>
          </Link>
        )}
      </div>
      <Form
        method="get"
        action={pathname}
        className={styles.form}
        // The boxes show the filters the URL names, also after Back (no browser-restored ticks).
        autoComplete="off"
        onChange={onChange}
        onSubmit={() => {
          // The Apply button submits now; a pending automatic submit would only repeat it.
          clearTimeout(timer.current);
          if (isModal) onClose?.();
        }}
        preventScrollReset
      >
        {Object.entries(keep ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {query.sort !== 'featured' ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {facets.map((facet) => (
          <FacetFieldset key={facet.key} facet={facet} checked={checked} onToggle={toggle} />
        ))}
        <div className={styles.actions}>
          <button type="submit" className={button.primary}>
            Apply filters
          </button>
        </div>
      </Form>
    </section>
  );
}

const valueKey = (facet: string, value: string) => `${facet}\u0000${value}`;

function selectedKeys(facets: readonly Facet[]): Set<string> {
  return new Set(
    facets.flatMap((facet) =>
      facet.values.filter((value) => value.selected).map((value) => valueKey(facet.key, value.value)),
    ),
  );
}

function FacetFieldset({
  facet,
  checked,
  onToggle,
}: {
  facet: Facet;
  checked: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{facet.label}</legend>
      <ul role="list" className={styles.options}>
        {facet.values.map((value) => (
          <li key={value.value}>
            <label className={styles.option}>
              <input
                type="checkbox"
                name={facet.key}
                value={value.value}
                checked={checked.has(valueKey(facet.key, value.value))}
                onChange={() => onToggle(valueKey(facet.key, value.value))}
              />
              {facet.key === 'color' ? <FacetSwatch value={value} /> : null}
              <span>{value.label}</span>
              <span className={styles.count}>
                ({value.count}
                <span className={visuallyHidden}> {value.count === 1 ? 'product' : 'products'}</span>)
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Decorative: the label beside it names the colour. */
function FacetSwatch({ value }: { value: FacetValue }) {
  return value.swatchUrl ? (
    <img className={styles.swatch} src={value.swatchUrl} alt="" width={18} height={18} loading="lazy" />
  ) : (
    <span className={styles.swatch} aria-hidden="true" style={{ backgroundColor: value.hex ?? undefined }} />
  );
}

/** The active filters as removable chips, with a link that clears them all. */
export function ActiveFilters({
  facets,
  query,
  pathname,
  keep,
}: {
  facets: Facet[];
  query: ListingQuery;
  pathname: string;
  keep?: ListingKeep;
}) {
  const selected = facets.flatMap((facet) =>
    facet.values.filter((value) => value.selected).map((value) => ({ facet, value })),
  );
  if (selected.length === 0) return null;
  const clearHref = `${pathname}${listingSearch({ ...query, filters: emptyFilters(), page: 1 }, keep)}`;
  return (
    <ul role="list" className={styles.chips} aria-label="Active filters">
      {selected.map(({ facet, value }) => (
        <li key={`${facet.key}:${value.value}`}>
          <Link
            className={styles.chip}
            to={`${pathname}${listingSearch(toggleFilter(query, facet.key, value.value), keep)}`}
            preventScrollReset
          >
            <span className={visuallyHidden}>Remove filter </span>
            {facet.label}: {value.label}
            <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
      <li>
        <Link className={styles.clearLink} to={clearHref}>
          Clear filters
        </Link>
      </li>
    </ul>
  );
}

/**
 * The control that opens the filters modal (below desktop width): a link to `?filters=open` without
 * JavaScript, a button-like link that opens the dialog in place with it.
 */
export function FiltersToggle({
  href,
  activeCount,
  onOpen,
  className,
}: {
  href: string;
  activeCount: number;
  onOpen?: () => void;
  className?: string;
}) {
  return (
    <Link
      to={href}
      className={className}
      aria-controls={FILTERS_PANEL_ID}
      preventScrollReset
      onClick={(event) => {
        if (!onOpen) return;
        event.preventDefault();
        onOpen();
      }}
      onKeyDown={(event) => {
        // A link that acts as a button also answers the space bar.
        if (event.key === ' ' && onOpen) {
          event.preventDefault();
          onOpen();
        }
      }}
    >
      Filters{activeCount > 0 ? ` (${activeCount})` : ''}
    </Link>
  );
}

import { globalStyle } from '@vanilla-extract/css';
import { mediaDown } from '../../../styles/media';
import { displayType } from '../../../styles/typography.css';
import { vars } from '../../../styles/theme.css';
import { back, forward, level, levelToggle, topItem, topLevel } from './navigation-levels.css';
import { column } from './navigation-panel.css';
import {
  backLabel,
  closer,
  disclosure,
  menuIcon,
  menuLabel,
  sidebar,
  sidebarWidth,
  toggle,
} from './navigation-sidebar.css';

const small = mediaDown.large;

/* ───────────── the sidebar's states below lg (decision 046) ─────────────
 * The burger, the overlay below and every level share one `<details>` name (TOP_LEVEL_GROUP): one state is open at a
 * time, and opening the burger closes whatever level was open, so the sidebar opens at its top level every time,
 * without JavaScript too. While a level is open the burger's `<details>` is closed: the sidebar, the page lock and
 * the overlay follow the open level, and the Back buttons are summaries that open the state above.
 */
globalStyle(`${sidebar}:has(${level}[open])`, { '@media': { [small]: { display: 'block' } } });
globalStyle(`body:has(${sidebar} ${level}[open])`, { '@media': { [small]: { overflow: 'hidden' } } });
globalStyle(`${closer}:has(~ ${sidebar} ${level}[open])`, { '@media': { [small]: { display: 'block' } } });

/** A department's level open: the burger's summary is its Back button (to the top level), over the level's top row. */
const burgerAsBack = `${disclosure}:not([open]):has(~ ${sidebar} ${topLevel}[open])`;
globalStyle(`${burgerAsBack} > ${toggle}`, {
  '@media': {
    [small]: {
      position: 'fixed',
      top: 0,
      right: 0,
      width: sidebarWidth,
      height: '3rem',
      zIndex: `calc(${vars.zIndex.sidebar} + 1)`,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'flex-start',
      paddingInline: vars.space['5'],
      borderRadius: 0,
      backgroundColor: vars.color.white,
      color: vars.color.ink,
      borderBottom: `1px solid ${vars.color.stone}`,
      ...displayType,
      fontSize: vars.fontSize.md,
    },
  },
});
globalStyle(`${burgerAsBack} ${menuIcon}, ${burgerAsBack} ${menuLabel}`, {
  '@media': { [small]: { display: 'none' } },
});
globalStyle(`${burgerAsBack} ${backLabel}`, { '@media': { [small]: { display: 'inline-flex' } } });
/** The department's own summary, open, would close every state: it keeps its row's place under the Back button. */
globalStyle(`${topLevel}[open] > ${levelToggle}`, { '@media': { [small]: { visibility: 'hidden' } } });

/**
 * A column's level open (its department's `<details>` closed): the department's summary is the Back button (to the
 * department's level) over the column's own summary, which keeps its row's place.
 */
const departmentAsBack = `${topItem}:has(${column} > ${level}[open]) > ${topLevel} > ${levelToggle}`;
globalStyle(departmentAsBack, {
  '@media': {
    [small]: {
      position: 'relative',
      zIndex: 2,
      minHeight: '2.75rem',
      justifyContent: 'flex-start',
      backgroundColor: vars.color.white,
      ...displayType,
      fontSize: vars.fontSize.md,
      borderBottom: `1px solid ${vars.color.stone}`,
    },
  },
});
globalStyle(`${departmentAsBack} > ${forward}`, { '@media': { [small]: { display: 'none' } } });
globalStyle(`${departmentAsBack} > ${back}`, { '@media': { [small]: { display: 'inline-flex' } } });
globalStyle(`${column} > ${level}[open] > ${levelToggle}`, {
  '@media': { [small]: { visibility: 'hidden' } },
});

/**
 * One navigation for every screen (issue 7 §4): on large screens (lg and up) a bar of departments, each a
 * disclosure button (the summary of a `<details>`) whose mega-menu panel opens while it is open (Enter, Space, a
 * click; decision 046) or hovered; below lg the same elements are the burger's sidebar, each level behind its
 * `<details>`. Base styles are the sidebar's, `large` blocks the bar's.
 *
 * The styles are in four files, in the order their rules must come in the stylesheet (the states below lg override
 * the parts' own rules): the sidebar and the burger, the levels, the panels, the states. This module gathers them.
 */
export * from './navigation-sidebar.css';
export * from './navigation-levels.css';
export * from './navigation-panel.css';
import './navigation-states.css';

/**
 * The consent groups as the cookie-settings page shows them (their titles and descriptions): a module of the page's
 * own, so the copy is not in every page's shell with the cookie code of consent.ts (decision 063). A unit test keeps
 * the groups in the cookie's order.
 */
import type { ConsentGroupId } from './consent';

/** A group as the cookie-settings page shows it; only the strictly necessary one is required. */
export type ConsentGroup = { title: string; description: string } & (
  { id: 'C0001'; required: true } | { id: Exclude<ConsentGroupId, 'C0001'>; required: false }
);

export const CONSENT_GROUPS: readonly ConsentGroup[] = [
  {
    id: 'C0001',
    title: 'Strictly necessary cookies',
    description:
      'Needed for the store to work: your cart, signing in, security and remembering this choice. They are always on.',
    required: true,
  },
  {
    id: 'C0002',
    title: 'Performance cookies',
    description:
      'Count visits and see which pages and products shoppers look at, so we can improve the store. Without them no analytics event leaves your browser.',
    required: false,
  },
  {
    id: 'C0003',
    title: 'Functional cookies',
    description: 'Remember choices such as recently viewed products to personalize your visit.',
    required: false,
  },
  {
    id: 'C0004',
    title: 'Targeting cookies',
    description: 'Set by advertising partners to show you relevant ads on other sites.',
    required: false,
  },
];

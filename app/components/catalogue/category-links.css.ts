import { style } from '@vanilla-extract/css';
import { mediaBelow } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

/**
 * The sub-category chips wrap from tablets up; on phones they are one row that scrolls sideways (issue 9 §6),
 * so the first screen of a listing shows products rather than four rows of chips.
 */
export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  '@media': {
    [mediaBelow.md]: {
      flexWrap: 'nowrap',
      overflowX: 'auto',
      overscrollBehaviorX: 'contain',
      scrollbarWidth: 'thin',
      // Room for the focus outline and the scrollbar.
      padding: '2px 2px 6px',
    },
  },
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  paddingInline: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  color: vars.color.ink,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { borderColor: vars.color.ink, color: vars.color.ink } },
});

import { style } from '@vanilla-extract/css';
import { mediaUp } from '../../../styles/media';
import { displayType } from '../../../styles/typography.css';
import { vars } from '../../../styles/theme.css';

export const page = style({
  paddingBlock: vars.space['16'],
  textAlign: 'center',
  '@media': { [mediaUp.md]: { paddingBlock: vars.space['20'] } },
});

export const status = style({
  color: vars.color.brandText,
  ...displayType,
  fontSize: vars.fontSize.lg,
  letterSpacing: vars.letterSpacing.wider,
});

export const heading = style({
  marginBlock: `${vars.space['2']} ${vars.space['4']}`,
  fontSize: vars.fontSize['4xl'],
});

export const text = style({
  maxWidth: '36rem',
  marginInline: 'auto',
  color: vars.color.inkMuted,
  fontSize: vars.fontSize.lg,
});

export const search = style({
  display: 'flex',
  gap: vars.space['2'],
  maxWidth: '30rem',
  marginInline: 'auto',
  marginTop: vars.space['8'],
});

export const input = style({
  flex: '1 1 auto',
  minWidth: 0,
  height: '2.75rem',
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.inkSubtle}`,
  borderRadius: vars.radius.sm,
  selectors: { '&::placeholder': { color: vars.color.inkSubtle, opacity: 1 } },
});

export const linksHeading = style({
  marginTop: vars.space['12'],
  marginBottom: vars.space['4'],
  fontSize: vars.fontSize.xl,
});

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const actions = style([links, { marginTop: vars.space['8'] }]);

export const reference = style({
  marginTop: vars.space['8'],
  color: vars.color.inkMuted,
  fontSize: vars.fontSize.sm,
});

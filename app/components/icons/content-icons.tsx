import type { ReactNode } from 'react';
import type { LinkIcon, SocialPlatform } from '../../../server/content/public';
import { Icon, type IconProps } from './icons';

/*
 * Icons the content draws: the footer's link and social glyphs and the menu CTA's arrow. The server renders them
 * into the footer's and the menu's markup, which the browser keeps (decision 056); in the browser only the lazily
 * loaded footer links and menu entries use them, so they are a module apart from icons.tsx, whose icons every page's
 * shell draws (decision 063: in one module, all of them went to the shell chunk).
 */

export const ArrowRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 12h15M13 6l6 6-6 6" />
  </Icon>
);

const linkIconPaths: Record<LinkIcon, ReactNode> = {
  truck: (
    <>
      <path d="M2.5 6.5h11v10h-11ZM13.5 9.5h4l3.5 3.5v3.5h-7.5" />
      <circle cx="7" cy="17.5" r="1.75" />
      <circle cx="17" cy="17.5" r="1.75" />
    </>
  ),
  returns: <path d="M4 9h11a5 5 0 0 1 0 10H8M4 9l4-4M4 9l4 4" />,
  warranty: <path d="M12 3 4.5 6v5.5c0 4.5 3.2 8 7.5 9.5 4.3-1.5 7.5-5 7.5-9.5V6Zm-3 9 2 2 4-4" />,
  chat: <path d="M4 5h16v11H9l-5 4Z" />,
  gift: (
    <path d="M4 10h16v10H4ZM3 7h18v3H3ZM12 7v13M12 7c-1.5-3-5-3.5-5-1s5 1 5 1Zm0 0c1.5-3 5-3.5 5-1s-5 1-5 1Z" />
  ),
  ruler: <path d="m3 15 12-12 6 6-12 12Zm4-4 2 2m1-5 2 2m1-5 2 2" />,
  badge: (
    <>
      <circle cx="12" cy="9" r="5.5" />
      <path d="m8.5 13.5-1.5 7 5-2.5 5 2.5-1.5-7" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11Z" />
      <circle cx="12" cy="10" r="2.25" />
    </>
  ),
};

/** The icon a content link names (`icon` of SPEC §3 Link). */
export function LinkGlyph({ name, ...props }: IconProps & { name: LinkIcon }) {
  return <Icon {...props}>{linkIconPaths[name]}</Icon>;
}

const socialPaths: Record<SocialPlatform, ReactNode> = {
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="4.5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
    </>
  ),
  facebook: (
    <path d="M14 8.5h2.5V5H14c-2.5 0-4 1.6-4 4v2H8v3.5h2V21h3.5v-6.5H16l.5-3.5h-3V9.3c0-.5.2-.8.5-.8Z" />
  ),
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="m10 9 5 3-5 3Z" fill="currentColor" />
    </>
  ),
  x: <path d="M4 4l16 16M20 4 4 20" />,
  tiktok: <path d="M14 3.5v11a3.5 3.5 0 1 1-3.5-3.5M14 3.5c.5 2.5 2.3 4.2 5 4.5" />,
  pinterest: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m11 10-2.5 11M10.3 13.5c3.7 1.5 6.2-1 5.7-3.8-.5-2.7-5.5-3.3-7.2-.4" />
    </>
  ),
};

export function SocialGlyph({ platform, ...props }: IconProps & { platform: SocialPlatform }) {
  return <Icon {...props}>{socialPaths[platform]}</Icon>;
}

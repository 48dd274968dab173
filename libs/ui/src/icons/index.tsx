// Inline SVG icons (24x24, stroke-based, currentColor) so no icon font or icon package is shipped.
import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Pixel size or any CSS length; default 1em so icons follow the text size. */
  size?: number | string;
  /** Accessible name. Without it the icon is decorative and hidden from assistive technology. */
  title?: string;
}

// Each icon is made by a call; `@__PURE__` tells the minifier a build may drop the icons it does not use.
function createIcon(name: string, paths: ReactNode) {
  function Icon({ size = '1em', title, ...rest }: IconProps) {
    const labelled = title !== undefined && title !== '';
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        data-icon={name}
        {...(labelled ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
        {...rest}
      >
        {labelled ? <title>{title}</title> : null}
        {paths}
      </svg>
    );
  }
  Icon.displayName = `${name[0]?.toUpperCase()}${name.slice(1)}Icon`;
  return Icon;
}

export const MicIcon = /* @__PURE__ */ createIcon(
  'mic',
  <>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0" />
    <path d="M12 18v4" />
    <path d="M8 22h8" />
  </>,
);
export const PlayIcon = /* @__PURE__ */ createIcon(
  'play',
  <path d="M7 4.5v15l12-7.5z" fill="currentColor" />,
);
export const StopIcon = /* @__PURE__ */ createIcon(
  'stop',
  <rect x="6" y="6" width="12" height="12" rx="1.5" fill="currentColor" />,
);
export const CheckIcon = /* @__PURE__ */ createIcon('check', <path d="M4.5 12.5l5 5L19.5 7" />);
export const XIcon = /* @__PURE__ */ createIcon('x', <path d="M6 6l12 12M18 6L6 18" />);
export const ChevronDownIcon = /* @__PURE__ */ createIcon('chevronDown', <path d="M6 9l6 6 6-6" />);
export const ChevronUpIcon = /* @__PURE__ */ createIcon('chevronUp', <path d="M6 15l6-6 6 6" />);
export const ChevronLeftIcon = /* @__PURE__ */ createIcon('chevronLeft', <path d="M15 6l-6 6 6 6" />);
export const ChevronRightIcon = /* @__PURE__ */ createIcon('chevronRight', <path d="M9 6l6 6-6 6" />);
export const MenuIcon = /* @__PURE__ */ createIcon('menu', <path d="M4 6h16M4 12h16M4 18h16" />);
export const SearchIcon = /* @__PURE__ */ createIcon(
  'search',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </>,
);
export const UserIcon = /* @__PURE__ */ createIcon(
  'user',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </>,
);
export const LogoutIcon = /* @__PURE__ */ createIcon(
  'logout',
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="M16 17l5-5-5-5" />
    <path d="M21 12H9" />
  </>,
);
export const UploadIcon = /* @__PURE__ */ createIcon(
  'upload',
  <>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="M17 8l-5-5-5 5" />
    <path d="M12 3v12" />
  </>,
);
export const DownloadIcon = /* @__PURE__ */ createIcon(
  'download',
  <>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="M7 10l5 5 5-5" />
    <path d="M12 15V3" />
  </>,
);
export const InfoIcon = /* @__PURE__ */ createIcon(
  'info',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </>,
);
export const AlertIcon = /* @__PURE__ */ createIcon(
  'alert',
  <>
    <path d="M10.3 3.9L2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
);

/** The icon set as one object, for `icons.mic`-style use. */
export const icons = {
  mic: MicIcon,
  play: PlayIcon,
  stop: StopIcon,
  check: CheckIcon,
  x: XIcon,
  chevron: ChevronDownIcon,
  chevronDown: ChevronDownIcon,
  chevronUp: ChevronUpIcon,
  chevronLeft: ChevronLeftIcon,
  chevronRight: ChevronRightIcon,
  menu: MenuIcon,
  search: SearchIcon,
  user: UserIcon,
  logout: LogoutIcon,
  upload: UploadIcon,
  download: DownloadIcon,
  info: InfoIcon,
  alert: AlertIcon,
} as const;

export type IconName = keyof typeof icons;

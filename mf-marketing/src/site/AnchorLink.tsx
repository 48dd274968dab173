import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from '@platform/router';
import { landingPage, pageUrl } from '@platform/contracts/client';
import { scrollToSection, type LandingSection } from './anchors';

export interface AnchorLinkProps {
  /** The landing page section. */
  to: LandingSection;
  children: ReactNode;
  className?: string;
  /** Called after the click (a menu closes itself). */
  onNavigate?: () => void;
}

/**
 * A link to one of the landing page's sections: on the landing page it scrolls there (80 px below the top);
 * elsewhere it goes to the landing page at that section.
 */
export function AnchorLink({ to, children, className, onNavigate }: AnchorLinkProps) {
  const { pathname } = useLocation();
  if (pathname !== landingPage.path) {
    return (
      <Link to={pageUrl(landingPage, {}, { hash: to })} className={className} onClick={onNavigate}>
        {children}
      </Link>
    );
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    onNavigate?.();
    void scrollToSection(to);
  };
  return (
    <a href={`#${to}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

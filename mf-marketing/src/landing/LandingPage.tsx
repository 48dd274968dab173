import { SiteFrame } from '../site/SiteFrame';
import { Hero } from './hero/Hero';
import { LandingSectionsArea } from './LandingSectionsArea';

/** /: the landing page: the site's header, the hero with the live figures, the sections, the footer. */
export function LandingPage() {
  return (
    <SiteFrame>
      <Hero />
      <LandingSectionsArea />
    </SiteFrame>
  );
}

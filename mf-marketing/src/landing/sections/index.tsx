// The landing page's sections (features, how it works, roles, demo, FAQ, contact): a chunk of their own,
// loaded lazily by the landing page, so none of it weighs on the page's first load. Their words are their
// own catalogue namespace, registered here and fetched with the chunk.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Skeleton } from '@platform/ui';
import { LANDING_SECTIONS, type LandingSection } from '../../site/anchors';
import { ContactSection } from './ContactSection';
import { DemoSection } from './DemoSection';
import { FaqSection } from './FaqSection';
import { FeaturesSection } from './FeaturesSection';
import { HowItWorksSection } from './HowItWorksSection';
import { RolesSection } from './RolesSection';
import { useSectionsCatalogue } from './i18n';

const SECTIONS: Record<LandingSection, () => ReactNode> = {
  features: FeaturesSection,
  'how-it-works': HowItWorksSection,
  roles: RolesSection,
  demo: DemoSection,
  faq: FaqSection,
  contact: ContactSection,
};

const Waiting = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[4]}`};
`;

/** The six landing sections, in LANDING_SECTIONS' order, once their texts are in. */
export default function LandingSections() {
  const ready = useSectionsCatalogue();
  if (!ready) {
    return (
      <Waiting aria-busy="true">
        <Skeleton lines={4} />
      </Waiting>
    );
  }
  return (
    <>
      {LANDING_SECTIONS.map((id) => {
        const Component = SECTIONS[id];
        return <Component key={id} />;
      })}
    </>
  );
}

import { PageBody } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { LANDING_SECTIONS } from '../site/anchors';

/** Until the sections are built: each anchor section with its heading, so every anchor has a target. */
export default function PlaceholderSections() {
  const t = useMarketingT();
  return (
    <PageBody>
      {LANDING_SECTIONS.map((id) => (
        <section key={id} id={id} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>{t(`landing.sections.${id}`)}</h2>
        </section>
      ))}
    </PageBody>
  );
}

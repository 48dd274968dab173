import styled from 'styled-components';
import { ErrorState } from '@platform/ui';

const Section = styled.section`
  padding: ${({ theme }) => theme.space[8]};
`;

export const UNAVAILABLE_TITLE = 'This section is temporarily unavailable';

/** What a remote's pages show while that remote is down, too slow, or failing to render. */
export function RemoteUnavailable({
  remote,
  onRetry,
  retrying = false,
}: {
  remote: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Section data-remote-unavailable={remote} aria-label={UNAVAILABLE_TITLE}>
      <ErrorState
        headingLevel={2}
        title={UNAVAILABLE_TITLE}
        message="The rest of the site keeps working. Please try again in a moment."
        onRetry={onRetry}
        retrying={retrying}
      />
    </Section>
  );
}

import styled from 'styled-components';
import { Link, useLocation } from '@platform/router';
import { RELEASE_ARTIFACTS, getReleaseFile } from '@platform/contracts/client';
import type { Dataset, ReleaseArtifactName, ReleaseSummary } from '@platform/contracts';
import { useSession } from '@platform/store';
import { signinPathFor } from '@platform/remote-kit';
import { Button, DownloadIcon, DropdownMenu } from '@platform/ui';
import { useDatasetsT } from '../i18n';
import { useFormats } from '../shared/format';
import type { DownloadRequest } from './useDownload';

const Reason = styled.p`
  margin: 0;
  max-width: 22rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const ARTIFACT_KEYS: Record<ReleaseArtifactName, string> = {
  'metadata.json': 'downloads.download.metadata',
  'audio.zip': 'downloads.download.audio',
  'complete.zip': 'downloads.download.complete',
};

/** Who may download: the declaration's roles (the service answers 401 or 403 to anyone else). */
const DOWNLOAD_ROLES: ReadonlySet<string> = new Set(
  Array.isArray(getReleaseFile.access) ? getReleaseFile.access : [],
);

/** Whether the person in the session may download, and if not, why. */
export function useDownloadAccess(): 'allowed' | 'signedOut' | 'role' | 'loading' {
  const session = useSession();
  if (session.status === 'loading') return 'loading';
  if (session.user === null) return 'signedOut';
  return DOWNLOAD_ROLES.has(session.user.role) ? 'allowed' : 'role';
}

export interface DownloadMenuProps {
  dataset: Dataset;
  release: ReleaseSummary;
  onDownload: (request: DownloadRequest) => void;
  /** Names the menu when a card lists several releases. */
  label?: string;
}

/** The SPEC's download menu (three files, with their sizes), or why this person cannot download. */
export function DownloadMenu({ dataset, release, onDownload, label }: DownloadMenuProps) {
  const t = useDatasetsT();
  const f = useFormats();
  const access = useDownloadAccess();
  const location = useLocation();
  if (access === 'loading') return null;
  if (access === 'signedOut') {
    return (
      <>
        <Reason>{t('downloads.access.signInReason')}</Reason>
        <Button as={Link} to={signinPathFor(location)} variant="outline" size="sm">
          {t('downloads.access.signIn')}
        </Button>
      </>
    );
  }
  if (access === 'role') return <Reason>{t('downloads.access.researcherReason')}</Reason>;
  const items = RELEASE_ARTIFACTS.map((name) => {
    const artifact = release.artifacts.find((a) => a.name === name);
    return {
      id: name,
      label: artifact
        ? t('downloads.download.withSize', { label: t(ARTIFACT_KEYS[name]), size: f.bytes(artifact.bytes) })
        : t(ARTIFACT_KEYS[name]),
      disabled: artifact === undefined,
      onSelect: () => onDownload({ dataset, version: release.version, artifact: name }),
    };
  });
  return (
    <DropdownMenu
      variant="outline"
      aria-label={label}
      label={
        <>
          <DownloadIcon aria-hidden />
          {t('downloads.download.menu')}
        </>
      }
      items={items}
    />
  );
}

import styled from 'styled-components';
import { AUDIO_PAIR_PAGE_SIZE } from '@platform/contracts/client';
import { Button, ChevronLeftIcon, ChevronRightIcon } from '@platform/ui';
import { useDatasetsT } from '../i18n';
import { pageCountOf } from './audioPairFilters';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Group = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface AudioPairPagerProps {
  page: number;
  total: number;
  onPage: (page: number) => void;
}

/** Pages of the server's `total`, five pairs each (SPEC §9). */
export function AudioPairPager({ page, total, onPage }: AudioPairPagerProps) {
  const t = useDatasetsT();
  const pages = pageCountOf(total);
  const first = total === 0 ? 0 : (page - 1) * AUDIO_PAIR_PAGE_SIZE + 1;
  const last = Math.min(page * AUDIO_PAIR_PAGE_SIZE, total);
  return (
    <Nav aria-label={t('viewAudioPairs.pager.label')}>
      <span aria-live="polite" data-testid="audio-pair-range">
        {t('viewAudioPairs.pager.range', { first, last, total })}
      </span>
      <Group>
        <Button
          type="button"
          variant="outline"
          size="sm"
          startIcon={<ChevronLeftIcon />}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('viewAudioPairs.pager.previous')}
        </Button>
        <span>{t('viewAudioPairs.pager.page', { page, pages })}</span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          endIcon={<ChevronRightIcon />}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('viewAudioPairs.pager.next')}
        </Button>
      </Group>
    </Nav>
  );
}

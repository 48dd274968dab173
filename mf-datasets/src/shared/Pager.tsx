import { Pager as UiPager } from '@platform/ui';
import type { PagerProps } from '@platform/ui';
import { useDatasetsT } from '../i18n';

/** The shared pager (libs/ui) in the datasets catalogue's words. */
export function Pager(props: Omit<PagerProps, 'labels'>) {
  const t = useDatasetsT();
  return (
    <UiPager
      {...props}
      labels={{
        range: (figures) => t('pager.range', figures),
        page: (figures) => t('pager.page', figures),
        previous: t('pager.previous'),
        next: t('pager.next'),
      }}
    />
  );
}

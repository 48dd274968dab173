export { Pager, FilterBar, pageCount } from './Pager';
export type { PagerProps, PagerLabels } from './Pager';

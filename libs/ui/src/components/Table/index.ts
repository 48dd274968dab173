export { Table } from './Table';
export type { TableProps, TableColumn } from './Table';
export { sortRows } from './sortRows';
export type { SortState, SortDirection, SortValue } from './sortRows';
export { FigureTable } from './FigureTable';
export type { FigureTableProps, FigureColumn } from './FigureTable';

// @platform/remote-kit: what every remote is made of (its route module, its standalone page, the frame of
// its pages) and the brand name. It holds no state of its own (the store, router and theme it uses are the
// shared singletons), so it is not on the federation shared list: each build keeps only what it imports.
export { defineRemoteRoutes } from './defineRemoteRoutes';
export type { RemotePage, RemoteRoute, RemoteRoutes } from './defineRemoteRoutes';
export { useUrlFilters, useFilterText } from './useUrlFilters';
export type { UrlFilters, SetUrlFilters, SetUrlFiltersOptions, FilterTextOptions } from './useUrlFilters';
export { isThrowRequested, RequestedRenderError, THROW_PARAM } from './throwProbe';
export { StandaloneApp } from './StandaloneApp';
export { mountStandalone } from './mountStandalone';
export { PageHeader, PageBody } from './PageHeader';
export { BRAND_NAME } from './brand';
export { safeNext, signinPathFor, HOME_AFTER_SIGNIN, NEXT_PARAM } from './signin';
export { specificErrorMessage } from './errorMessage';
export { useFormSubmit } from './useFormSubmit';
export type { FieldErrors, FormSubmitOptions } from './useFormSubmit';

export { defineRemoteRoutes } from './defineRemoteRoutes';
export type { RemotePage, RemoteRoutes } from './defineRemoteRoutes';
export { isThrowRequested, RequestedRenderError, THROW_PARAM } from './throwProbe';
export { StandaloneApp } from './StandaloneApp';
export { mountStandalone } from './mountStandalone';
export { PageHeader, PageBody } from './PageHeader';

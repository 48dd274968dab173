// Test helpers for the shell, the remotes and the libraries; imported as @platform/remote-kit/testing,
// never by production code. The fake gateway itself is @platform/store/testing.
export { renderWithPlatform } from './renderWithPlatform';
export type { RenderWithPlatformOptions, PlatformRenderResult } from './renderWithPlatform';
export { describeRemoteRoutes } from './describeRemoteRoutes';
export { testPage } from './testPage';
export { seriousViolations } from './axe';

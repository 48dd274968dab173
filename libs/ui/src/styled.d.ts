// Types `props.theme` in every styled component of every project that imports @platform/ui.
import type { PlatformTheme } from './theme/theme';

declare module 'styled-components' {
  // The interface must extend the theme type for augmentation to work; it has no members of its own.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends PlatformTheme {}
}

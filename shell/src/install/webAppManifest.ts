import { landingPage, listenPage, pageUrl, speakPage, writePage } from '@platform/contracts/client';
import { theme } from '@platform/ui';
import en from '../i18n/en.json';

/** Where the build puts the icons (src/install/icons/*.png), on the site's root. */
export const ICONS_FOLDER = 'icons';
export const WEB_APP_MANIFEST_FILE = 'manifest.webmanifest';

const icon = (file: string, size: number, purpose: 'any' | 'maskable' = 'any') => ({
  src: `/${ICONS_FOLDER}/${file}`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
});

/** What an app store or an install prompt shows under the name. */
const DESCRIPTION =
  'Record, listen to and write sentences in Nigerian languages to build open speech and text data, even with no connection.';

export const APP_ICONS = {
  small: icon('icon-192.png', 192),
  large: icon('icon-512.png', 512),
  maskable: icon('icon-maskable-512.png', 512, 'maskable'),
  appleTouch: `/${ICONS_FOLDER}/apple-touch-icon.png`,
} as const;

/**
 * The web app manifest (manifest.webmanifest): what a phone needs to install the site as an app that opens
 * on Speak. A manifest has one language: English, the catalogues' source; the pages themselves follow the
 * person's language as usual.
 */
export function webAppManifest(brandName: string) {
  const shortcut = (label: string, url: string) => ({
    name: label,
    short_name: label,
    url,
    icons: [APP_ICONS.small],
  });
  return {
    id: pageUrl(speakPage),
    name: brandName,
    short_name: brandName,
    description: DESCRIPTION,
    lang: 'en',
    dir: 'ltr',
    start_url: pageUrl(speakPage),
    // The whole site: every page opens inside the installed app.
    scope: pageUrl(landingPage),
    display: 'standalone',
    orientation: 'portrait',
    theme_color: theme.colors.primary.main,
    background_color: theme.colors.background,
    categories: ['education', 'utilities'],
    icons: [APP_ICONS.small, APP_ICONS.large, APP_ICONS.maskable],
    shortcuts: [
      shortcut(en.contributorTabs.speak, pageUrl(speakPage)),
      shortcut(en.contributorTabs.listen, pageUrl(listenPage)),
      shortcut(en.contributorTabs.write, pageUrl(writePage)),
    ],
  };
}

export type WebAppManifest = ReturnType<typeof webAppManifest>;

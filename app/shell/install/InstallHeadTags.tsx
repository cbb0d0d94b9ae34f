import { APPLE_TOUCH_ICON_SIZE, MANIFEST_PATH, SPLASH_SCREENS, iconPath, splashMedia, splashPath } from "~/shell/install/assets";

/**
 * The home-screen app's <head> tags (docs/decisions/0017): the manifest, the iOS icon, title and status bar, and the
 * iOS launch images for ten iPhone screens. Rendered by the root layout on every page.
 */
export function InstallHeadTags({ shortName }: { shortName: string }) {
  return (
    <>
      <link rel="manifest" href={MANIFEST_PATH} />
      <link rel="apple-touch-icon" sizes={`${APPLE_TOUCH_ICON_SIZE}x${APPLE_TOUCH_ICON_SIZE}`} href={iconPath(APPLE_TOUCH_ICON_SIZE)} />
      <meta name="mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-title" content={shortName} />
      <meta name="apple-mobile-web-app-status-bar-style" content="default" />
      {SPLASH_SCREENS.map((screen) => (
        <link key={splashPath(screen)} rel="apple-touch-startup-image" media={splashMedia(screen)} href={splashPath(screen)} />
      ))}
    </>
  );
}

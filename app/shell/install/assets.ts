// Addresses and sizes of the home-screen app's manifest, icons and iOS splash images (docs/behaviour/install.md).
// Shared by the edge (which generates them) and the document head (which links them): no server-only imports.

export const MANIFEST_PATH = "/m/manifest.webmanifest";

/**
 * The window event by which the download popup's iOS guide entry opens the add-to-home-screen sheet: the same string as
 * SHOW_A2HS_EVENT in ~/shell/download/rules (a unit test checks), written out here because importing that module would
 * pull the download rules into every page's first load.
 */
export const SHOW_A2HS_EVENT = "mc:show-a2hs";

/** Manifest icon sizes, 72 to 512 (docs/behaviour/install.md#icons). */
export const MANIFEST_ICON_SIZES = [72, 96, 128, 144, 152, 192, 384, 512] as const;
/** Sizes that also get a full-bleed "maskable" icon (Android's adaptive icons). */
export const MASKABLE_ICON_SIZES = [192, 512] as const;
/** iOS home-screen icon (apple-touch-icon). */
export const APPLE_TOUCH_ICON_SIZE = 180;
/** Every size the icon route draws. */
export const ICON_SIZES: readonly number[] = [...MANIFEST_ICON_SIZES, APPLE_TOUCH_ICON_SIZE].sort((a, b) => a - b);

/** Where the installed app starts; `homescreen=1` lets a launch from the home screen be recognised (WEBCLIP rule). */
export const DEFAULT_START_PATH = "/m/home";
export const HOMESCREEN_PARAM = "homescreen";

export function iconPath(size: number, maskable = false): string {
  return `/m/icons/${maskable ? "maskable-" : ""}${size}.png`;
}

/** "192.png" → { size: 192 }, "maskable-512.png" → { size: 512, maskable: true }; null for anything not drawn. */
export function parseIconFile(file: string): { size: number; maskable: boolean } | null {
  const match = /^(maskable-)?(\d{2,3})\.png$/.exec(file);
  if (!match) return null;
  const size = Number(match[2]);
  const maskable = match[1] !== undefined;
  const allowed = maskable ? (MASKABLE_ICON_SIZES as readonly number[]).includes(size) : ICON_SIZES.includes(size);
  return allowed ? { size, maskable } : null;
}

/** An iPhone screen in CSS pixels and its pixel ratio; the splash image is the physical size, portrait. */
export type SplashScreen = { width: number; height: number; ratio: number };

/** Ten iPhone screen classes (docs/behaviour/install.md#splash-images); docs/decisions/0017 names the models. */
export const SPLASH_SCREENS: readonly SplashScreen[] = [
  { width: 375, height: 667, ratio: 2 },
  { width: 414, height: 736, ratio: 3 },
  { width: 375, height: 812, ratio: 3 },
  { width: 414, height: 896, ratio: 2 },
  { width: 414, height: 896, ratio: 3 },
  { width: 390, height: 844, ratio: 3 },
  { width: 428, height: 926, ratio: 3 },
  { width: 393, height: 852, ratio: 3 },
  { width: 430, height: 932, ratio: 3 },
  { width: 402, height: 874, ratio: 3 },
];

export function splashSize(screen: SplashScreen): { width: number; height: number } {
  return { width: screen.width * screen.ratio, height: screen.height * screen.ratio };
}

export function splashPath(screen: SplashScreen): string {
  const { width, height } = splashSize(screen);
  return `/m/splash/${width}x${height}.png`;
}

export function splashMedia(screen: SplashScreen): string {
  return `(device-width: ${screen.width}px) and (device-height: ${screen.height}px) and (-webkit-device-pixel-ratio: ${screen.ratio}) and (orientation: portrait)`;
}

/** "1170x2532.png" → its pixel size, when it is one of the ten; null otherwise. */
export function parseSplashFile(file: string): { width: number; height: number } | null {
  const match = /^(\d{3,4})x(\d{3,4})\.png$/.exec(file);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return SPLASH_SCREENS.some((s) => s.width * s.ratio === width && s.height * s.ratio === height) ? { width, height } : null;
}

// The browser's install event fires once, and can fire before the page's scripts run: they are requested only after
// the first paint (docs/behaviour/shell.md#script-priority). So a line in <head> takes it, keeps the browser's own
// banner away (preventDefault), and keeps the event for the install prompts, which read window.__mcInstallPrompt and
// listen for "mc:installprompt" (app/shell/install/InstallRuntime.tsx).
const CAPTURE =
  'addEventListener("beforeinstallprompt",function(event){event.preventDefault();window.__mcInstallPrompt=event;' +
  'dispatchEvent(new Event("mc:installprompt"));});';

export function InstallEventCapture({ nonce }: { nonce: string | undefined }) {
  // The browser hides a nonce attribute once it has read it: not a difference to report when hydrating.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CAPTURE }} />;
}

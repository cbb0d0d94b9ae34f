import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { useTranslation } from "~/i18n/translate";
import { Dialog } from "~/ui/Dialog";
import { readStorage, writeStorage } from "~/shell/web-storage";
import { markShellState } from "~/shell/shell-state";
import {
  IMAGE_NAME_KEYS,
  IMAGE_POPUP_DISMISSED_KEY,
  IMAGE_POPUP_GROUPS,
  imagePopupQueue,
  type ImagePopupGroup,
} from "~/shell/download/rules";

// GET /wps/system/banners?groups=m_popup1,m_popup2 through the site's /wps proxy (docs/platform-contract.md, "App download").
const bannersReply = z.object({
  success: z.literal(true),
  value: z
    .array(
      z
        .object({
          groupName: z.string().max(32),
          url: z
            .string()
            .max(2048)
            .refine((u) => (u.startsWith("/") && !u.startsWith("//")) || /^https?:\/\//i.test(u), "http(s) or root-relative"),
          linkageType: z.string().nullish(),
          linkage: z.string().nullish(),
        })
        .passthrough(),
    )
    .max(20),
});

type Popup = { groupName: ImagePopupGroup; url: string; fileName: string };

async function loadQueue(): Promise<Popup[]> {
  const response = await fetch(`/wps/system/banners?groups=${IMAGE_POPUP_GROUPS.join(",")}`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  const reply = bannersReply.safeParse(await response.json());
  if (!reply.success) return [];
  return imagePopupQueue(reply.data.value, (group) => readStorage("localStorage", IMAGE_NAME_KEYS[group]));
}

/** The banner image fetched as a blob, then saved under its file name. */
async function saveImage(url: string, fileName: string): Promise<void> {
  const link = document.createElement("a");
  link.download = fileName;
  let objectUrl: string | null = null;
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    objectUrl = URL.createObjectURL(await response.blob());
    link.href = objectUrl;
  } catch {
    // Another origin the page may not fetch from: let the browser download (or show) the image itself.
    link.href = url;
    link.target = "_blank";
    link.rel = "noopener";
  }
  document.body.appendChild(link);
  link.click();
  link.remove();
  if (objectUrl) setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/**
 * The image-download promo popups (docs/behaviour/download.md#image-popups): popup 1 before popup 2, each only when its
 * banner image's file name differs from the one saved before. Save downloads the image and remembers its name; the
 * close icon dismisses the popups for this session.
 */
export default function ImagePopups({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<Popup[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    loadQueue().then(
      (popups) => live && setQueue(popups),
      () => live && setQueue([]),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (queue && queue.length === 0) {
      markShellState("imagePopup", "done");
      onDone();
    }
  }, [queue, onDone]);

  const next = useCallback(() => setQueue((q) => (q ? q.slice(1) : q)), []);
  const dismiss = useCallback(() => {
    writeStorage("sessionStorage", IMAGE_POPUP_DISMISSED_KEY, "1");
    next();
  }, [next]);

  const current = queue?.[0];
  // After the dialog's own effect has opened it.
  useEffect(() => {
    if (current) markShellState("imagePopup", "shown");
  }, [current]);
  if (!current) return null;
  const titleId = `image-popup-title-${current.groupName}`;
  return (
    <Dialog key={current.groupName} titleId={titleId} onClose={dismiss}>
      <div className="image-popup" data-group={current.groupName}>
        <h2 id={titleId} className="visually-hidden">
          {t("image_popup_label")}
        </h2>
        <form method="dialog" className="download-popup__close-form">
          <button type="submit" className="download-popup__close image-popup__close" aria-label={t("image_popup_close")}>
            ×
          </button>
        </form>
        <img className="image-popup__image" src={current.url} alt={t("image_popup_label")} width={300} height={400} />
        <button
          type="button"
          className="button button--primary button--block"
          disabled={saving}
          onClick={async () => {
            setSaving(true);
            await saveImage(current.url, current.fileName);
            writeStorage("localStorage", IMAGE_NAME_KEYS[current.groupName], current.fileName);
            setSaving(false);
            next();
          }}
        >
          {t("image_popup_save")}
        </button>
      </div>
    </Dialog>
  );
}

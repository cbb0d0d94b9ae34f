import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { VisitorHome } from "~/home/VisitorHome";
import { AnnouncementPopup } from "~/announcements/AnnouncementPopup";
import { loadAnnouncementPopup } from "~/announcements/popup.server";

// Title, description and robots: the root's per-path page meta (app/shell/page-meta.ts).

// One small loader per home section, run side by side; a section whose call fails is simply left out.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [announcements] = await Promise.all([loadAnnouncementPopup(context, request)]);
  return { announcements };
}

export default function HomeRoute() {
  const { announcements } = useLoaderData<typeof loader>();
  return (
    <>
      {announcements ? <AnnouncementPopup data={announcements} /> : null}
      <VisitorHome />
    </>
  );
}

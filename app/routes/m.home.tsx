import { VisitorHome } from "~/home/VisitorHome";

// Title, description and robots: the root's per-path page meta (app/shell/page-meta.ts).

export default function HomeRoute() {
  return <VisitorHome />;
}

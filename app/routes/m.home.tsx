import { VisitorHome } from "~/components/home/VisitorHome";
import { homeMeta } from "~/components/home/home-meta";

export const meta = homeMeta;

export default function HomeRoute() {
  return <VisitorHome />;
}

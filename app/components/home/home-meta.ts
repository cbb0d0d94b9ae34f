import type { MetaFunction } from "@remix-run/cloudflare";
import type { loader as rootLoader } from "~/root";

/** "Home · Brand", translated from the root loader's dictionary. */
export const homeMeta: MetaFunction<unknown, { root: typeof rootLoader }> = ({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.data;
  if (!root) return [];
  return [{ title: `${root.translations.home} · ${root.brand.name}` }, { name: "description", content: root.translations.welcome_text }];
};

// /m/index: the entry page, the same view as /m/home (docs/behaviour/shell.md#home-paths).
export { default, loader } from "./m.home";

// /m/index: the entry page (spec), the same view as /m/home.
export { default } from "./m.home";

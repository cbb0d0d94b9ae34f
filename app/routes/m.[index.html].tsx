// /m/index.html: the entry page's legacy address.
export { default, meta } from "./m.home";

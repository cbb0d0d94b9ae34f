// /m/index.html: the entry page's legacy address.
export { default, loader } from "./m.home";

// /m/index.html: the entry page's legacy address.
export { default } from "./m.home";

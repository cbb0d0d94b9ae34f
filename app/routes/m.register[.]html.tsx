// /m/register.html: the registration page's legacy address; it posts to itself.
export { action, default, loader, shouldRevalidate } from "./m.register";

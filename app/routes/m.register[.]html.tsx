// /m/register.html: the registration page's legacy address (spec §2); it posts to itself.
export { action, default, loader, shouldRevalidate } from "./m.register";

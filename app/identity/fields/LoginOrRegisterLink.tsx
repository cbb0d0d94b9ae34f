import { Link } from "@remix-run/react";
import { useTrackedPath } from "~/shell/root-data";

type LoginOrRegisterLinkProps = { question: string; link: string; to: "/m/login" | "/m/register" };

/** Under the login form the way to register, under the register form the way to log in (the address's tracking kept). */
export function LoginOrRegisterLink({ question, link, to }: LoginOrRegisterLinkProps) {
  return (
    <p className="login-form__register">
      {question} <Link to={useTrackedPath(to)}>{link}</Link>
    </p>
  );
}

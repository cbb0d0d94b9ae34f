import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTrackedPath } from "~/shell/root-data";

type LoginOrRegisterLinkProps = { question: string; to: "/m/login" | "/m/register"; children: ReactNode };

/** Under the login form the way to register, under the register form the way to log in (the address's tracking kept). */
export function LoginOrRegisterLink({ question, to, children }: LoginOrRegisterLinkProps) {
  return (
    <p className="login-form__register">
      {question} <Link to={useTrackedPath(to)}>{children}</Link>
    </p>
  );
}

import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { Dialog } from "~/ui/Dialog";
import type { IdentityOffer as Offer } from "../login/types";

/** The names of the providers, for the texts that speak of "your … account". */
const CHANNEL_NAMES: Record<string, string> = {
  "google.com": "Google",
  "facebook.com": "Facebook",
  "twitter.com": "X (Twitter)",
  "oidc.line": "LINE",
  "apple.com": "Apple",
};

type IdentityOfferProps = {
  offer: Offer;
  /** With the provider's name (or "mobile number" for a phone identity), which the login form then shows. */
  onLoginExisting: (provider: string) => void;
  onClose: () => void;
};

/**
 * A Firebase sign-in found no member (bind_customer_required, auto-register off): log in to an existing account (which
 * links the identity to it) or, where the merchant allows (FIREBASECREATEACC3), register a new one
 * (docs/behaviour/firebase.md#new-identity).
 */
export default function IdentityOffer({ offer, onLoginExisting, onClose }: IdentityOfferProps) {
  const { t } = useTranslation();
  const provider = offer.channel === "phone" ? t("mobile_number") : (CHANNEL_NAMES[offer.channel] ?? offer.channel);
  return (
    <Dialog titleId="identity-offer-title" onClose={onClose}>
      <h2 id="identity-offer-title" className="dialog__title">
        {t("identity_offer_title")}
      </h2>
      <p className="dialog__body">{t("identity_offer_text", { provider })}</p>
      <div className="dialog__actions dialog__actions--stacked">
        <button type="button" className="button button--secondary" autoFocus onClick={() => onLoginExisting(provider)}>
          {t("login_exist_account")}
        </button>
        {offer.canRegister ? (
          <Form method="post" className="identity-offer__register">
            <input type="hidden" name="intent" value="identity-register" />
            <button type="submit" className="button button--primary">
              {t("register_new")}
            </button>
          </Form>
        ) : null}
      </div>
    </Dialog>
  );
}

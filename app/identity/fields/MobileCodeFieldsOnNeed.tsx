import { memo, Suspense, type ComponentProps } from "react";
import { useTranslation } from "~/i18n/translate";
import { onNeed } from "~/ui/on-need";
import { MobileCodeFields as MobileCodeFieldsOnServer } from "./MobileCodeFields";
import { sameFieldsProps } from "./same-fields-props";

type Props = ComponentProps<typeof MobileCodeFieldsOnServer>;

/** Marks the fields in the server's page, so the browser knows before hydrating that it needs their code. */
const MARKER = "data-sms-fields";

// The server renders the fields directly (complete without JavaScript); the browser loads their code only when the
// form shows SMS mode, and shows the placeholder while it does. A page the server rendered with them (SMS mode asked
// for, remembered, or an answer in SMS mode) waits for their code before hydrating, so "Send code" works from the
// first tap.
const onNeedFields = onNeed(() => import("./MobileCodeFields").then((module) => module.MobileCodeFields), `[${MARKER}]`);
const Fields = import.meta.env.SSR ? MobileCodeFieldsOnServer : onNeedFields.Component;

/**
 * Starts loading the SMS fields' code (a failed load is tried again when they render). The mobile tab calls it on the
 * player's intent (pointer down, hover, focus), so the code has usually arrived by the time the tab's page has.
 */
export function preloadMobileCodeFields(): void {
  void onNeedFields.preload().catch(() => undefined);
}

/** The handlers a mobile tab spreads on its link. */
export const mobileTabIntent = {
  onPointerDown: preloadMobileCodeFields,
  onMouseEnter: preloadMobileCodeFields,
  onFocus: preloadMobileCodeFields,
};

/** Holds the fields' place while their code loads: the same labels and boxes, marked busy (no layout shift). */
function Placeholder({ captchaBox }: { captchaBox: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field" aria-busy="true">
        <span className="field__label">{t("mobile_number")}</span>
        <span className="field__input field__input--loading" />
      </div>
      <div className="field" aria-busy="true">
        <span className="field__label">{t("verification_code")}</span>
        <span className="field__input field__input--loading" />
      </div>
      {/* The SMS captcha's box: empty until it has something to say, but a row of the form. */}
      {captchaBox ? <div /> : null}
    </>
  );
}

/**
 * The mobile number and SMS code fields of the login and register forms, their code loaded on need. Memoised on what
 * they show: a boundary still waiting for its code that receives new props is thrown away and rendered again in the
 * browser with its placeholder (React 18), so a parent's unrelated re-render must not reach it.
 */
export const MobileCodeFields = memo(function MobileCodeFieldsOnNeed(props: Props) {
  return (
    <>
      <span hidden {...{ [MARKER]: "" }} />
      <Suspense fallback={<Placeholder captchaBox={!props.sendByFirebase && props.captcha.required} />}>
        <Fields {...props} />
      </Suspense>
    </>
  );
}, sameFieldsProps);

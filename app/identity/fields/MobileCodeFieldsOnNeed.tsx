import { lazy, memo, Suspense, useState, type ComponentProps, type ComponentType } from "react";
import { useTranslation } from "~/i18n/translate";
import { holdHydrationFor } from "~/ui/hydration-hold";
import { MobileCodeFields as MobileCodeFieldsOnServer } from "./MobileCodeFields";
import { sameFieldsProps } from "./same-fields-props";

type Props = ComponentProps<typeof MobileCodeFieldsOnServer>;

type FieldsModule = { default: ComponentType<Props> };
let loading: Promise<FieldsModule> | null = null;
let loaded: ComponentType<Props> | null = null;

/**
 * Starts loading the SMS fields' code, once (docs/behaviour/shell.md#script-budget). The mobile tab calls it on the
 * player's intent (pointer down, hover, focus), so the code has usually arrived by the time the tab's page has.
 */
export function loadMobileCodeFields(): Promise<FieldsModule> {
  loading ??= import("./MobileCodeFields").then(
    (module) => {
      loaded = module.MobileCodeFields;
      return { default: module.MobileCodeFields };
    },
    (error: unknown) => {
      // Offline or a new deployment: the next intent tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Marks the fields in the server's page, so the browser knows before hydrating that it needs their code. */
const MARKER = "data-sms-fields";

// A page the server rendered with the fields (SMS mode asked for, remembered, or an answer in SMS mode): its hydration
// waits for their code, as if it were part of the page's, so "Send code" works from the first tap.
if (!import.meta.env.SSR && typeof document !== "undefined" && document.querySelector(`[${MARKER}]`)) {
  holdHydrationFor(loadMobileCodeFields());
}

const LazyFields = lazy(loadMobileCodeFields);

/** In the browser: the fields directly once their code is here (hydration), else through React.lazy (a tab switch). */
function FieldsInBrowser(props: Props) {
  // Chosen once per mount: switching component types later would remount the fields and lose what they hold.
  const [Fields] = useState(() => loaded ?? LazyFields);
  return <Fields {...props} />;
}

// The server renders the fields directly (complete without JavaScript); the browser loads their code only when the
// form shows SMS mode, and shows the placeholder while it does.
const Fields = import.meta.env.SSR ? MobileCodeFieldsOnServer : FieldsInBrowser;

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

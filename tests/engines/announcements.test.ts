// The announcement popup in WebKit and Firefox (docs/behaviour/announcements.md): a visitor's close (the first item
// must be read, its close moves on), and a member's "Don't show again" with its confirm sheet, holding on a reload.
import { expect, it } from "vitest";
import { expectGone, expectUrl, expectVisible, waitForHydration, waitForPage, type EnginePage } from "./support/engines";
import { engineSuite, urlOn } from "./support/suite";

async function popupPhase(page: EnginePage, phase: "waiting" | "none" | "shown" | "closed"): Promise<void> {
  await waitForPage(
    page,
    `the popup's phase "${phase}"`,
    `() => document.documentElement.dataset.announcementPopup === ${JSON.stringify(phase)}`,
  );
}

engineSuite("announcement popup", ({ page }) => {
  it("a visitor's popup: Close on the first item moves on, Close on the next closes it", async () => {
    await page().goto(urlOn("demo.localhost", "/m/home"));
    await waitForHydration(page());
    const first = { role: "dialog", name: "Welcome to Demo Play" } as const;
    await expectVisible(page(), first);
    await popupPhase(page(), "shown");
    await page().click({ role: "button", name: "Close", within: first });
    const second = { role: "dialog", name: "Daily draw rules" } as const;
    await expectVisible(page(), second);
    await page().click({ role: "button", name: "Close", within: second });
    await popupPhase(page(), "closed");
    await expectGone(page(), { role: "dialog" });
  });

  it("a member's Don't show again, confirmed, keeps the popup away on the next load", async () => {
    await page().goto(urlOn("demo.localhost", "/m/login"));
    await waitForHydration(page());
    await page().fill({ role: "textbox", name: "Username" }, "demo01");
    await page().fill({ label: "Password" }, "demo1234");
    await page().click({ role: "button", name: "Log in" });
    await expectUrl(page(), /\/m\/home$/);
    await waitForHydration(page());
    const popup = { role: "dialog", name: "Deposit bonus this week" } as const;
    await expectVisible(page(), popup);
    await page().click({ role: "checkbox", name: "Don't show again", within: popup });
    const confirm = { role: "alertdialog", name: "Stop these announcements?" } as const;
    await page().click({ role: "button", name: "Confirm", within: confirm });
    await expectGone(page(), confirm);
    expect(
      await page().evaluate<boolean>(
        `() => Array.from(document.querySelectorAll('dialog input[type="checkbox"]')).some((box) => box.checked)`,
      ),
    ).toBe(true);
    await page().click({ role: "button", name: "Close", within: popup });
    await popupPhase(page(), "closed");

    await page().reload();
    await waitForHydration(page());
    await popupPhase(page(), "none");
    await expectGone(page(), { role: "dialog" });
  });
});

engineSuite("announcement popup offline", ({ page }) => {
  it("the connection lost as the popup's code is asked for: no popup, the home page stays, no uncaught error", async () => {
    // The carousel's code is asked for only once the popup decides to show: that one request fails at the network
    // level, as when the connection drops between the page's load and the popup's decision
    // (docs/behaviour/announcements.md#carousel-unavailable).
    await page().refuse(/\/assets\/PopupCarousel-[^/]*\.js$/);
    await page().goto(urlOn("demo.localhost", "/m/home"));
    await popupPhase(page(), "none");
    await expectGone(page(), { role: "dialog" });
    await expectVisible(page(), { role: "heading", level: 1, name: "Welcome to Demo Play" });
    await page().refuse(null);
  });
});

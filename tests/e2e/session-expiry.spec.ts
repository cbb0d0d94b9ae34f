// A session the platform has ended must not look alive: after the sandbox revokes the member's tokens, the next page
// says "please login" and lands on the login page, with JavaScript on and off. Exclusive: it ends a member's sessions.
import type { Page } from "@playwright/test";
import { exclusiveBothWays, expect, scripts, test, waitForHydration } from "./fixtures";
import { postJson } from "../support/http";

async function logIn(page: Page): Promise<void> {
  if (scripts() === "js") await waitForHydration(page);
  await page.getByRole("textbox", { name: "Username" }).fill("restricted01");
  await page.getByLabel("Password", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

exclusiveBothWays("a session the platform has ended", () => {
  test("sends the member to the login page with a please-login notice; logging in again goes back", async ({ page }) => {
    await page.goto("/m/login");
    await logIn(page);
    await expect(page).toHaveURL(/\/m\/home$/);

    const revoked = await postJson("/__sandbox/revoke", { merchant: "demo", username: "restricted01" });
    expect(revoked.status, revoked.body).toBe(200);

    await page.goto("/m/member/home");
    await expect(page).toHaveURL(/\/m\/login\?redirectUrl=%2Fm%2Fmember%2Fhome&expired=1$/);
    const notice = page.getByRole("alertdialog", { name: "Notice" });
    await expect(notice).toContainText("Please log in again.");
    await notice.getByRole("button", { name: "Confirm" }).click();

    await logIn(page);
    await expect(page).toHaveURL(/\/m\/member\/home$/);
    await expect(page.getByTestId("member-username")).toHaveText("restricted01");
  });
});

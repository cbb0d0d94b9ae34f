// The identity forms' shared fields (app/identity/fields): how a label, a hint and an error are tied to the input,
// and which field gets focus first. Rendered to HTML on the server, as a plain post (JavaScript off) sees them.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PasswordField } from "../../../app/identity/fields/PasswordField";
import { TextField } from "../../../app/identity/fields/TextField";
import { firstInvalidField } from "../../../app/identity/fields/use-focus-first-error";

describe("TextField", () => {
  it("labels the input and ties hint and error to it", () => {
    const html = renderToStaticMarkup(
      createElement(TextField, { id: "f-name", name: "username", label: "Username", hint: "4–16 letters", error: "Required" }),
    );
    expect(html).toContain('<label class="field__label" for="f-name">Username</label>');
    expect(html).toMatch(/<input[^>]* id="f-name"[^>]* aria-invalid="true" aria-describedby="f-name-hint f-name-error"/);
    expect(html).toContain('<p id="f-name-hint" class="field__hint">4–16 letters</p>');
    expect(html).toContain('<p id="f-name-error" class="field__error">Required</p>');
    expect(html).toContain('class="field field--invalid"');
  });

  it("is neither invalid nor described when there is nothing to say", () => {
    const html = renderToStaticMarkup(createElement(TextField, { id: "f", name: "n", label: "N" }));
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });
});

describe("PasswordField", () => {
  it("renders a password input, without the show/hide button before JavaScript runs", () => {
    const html = renderToStaticMarkup(
      createElement(PasswordField, { id: "pw", name: "password", label: "Password", error: "Required", autoComplete: "current-password" }),
    );
    expect(html).toMatch(/<input[^>]* id="pw"[^>]* type="password"/);
    expect(html).toContain('aria-describedby="pw-error"');
    expect(html).not.toContain("<button");
  });
});

describe("firstInvalidField", () => {
  const ids = { username: "u", password: "p", code: "c" } as const;

  it("follows the order the fields are shown, not the order of the errors", () => {
    expect(firstInvalidField(ids, { code: "x", password: "y" })).toBe("password");
    expect(firstInvalidField(ids, { code: "x" })).toBe("code");
  });

  it("finds none when there are no errors", () => {
    expect(firstInvalidField(ids, {})).toBeNull();
    expect(firstInvalidField(ids, undefined)).toBeNull();
  });
});

// The marquee (docs/behaviour/home.md#marquee): speed, duration and plain texts.
import { describe, expect, it } from "vitest";
import { MARQUEE_DEFAULT_SPEED, marqueeDurationSeconds, marqueeSpeed, plainText } from "../../../app/home/marquee";
import { toMarqueeItems } from "../../../app/home/marquee.server";

describe("marquee speed and duration", () => {
  it("defaults to 60 px/s, takes a sensible configured speed", () => {
    expect(MARQUEE_DEFAULT_SPEED).toBe(60);
    expect(marqueeSpeed(undefined)).toBe(60);
    expect(marqueeSpeed("90")).toBe(60);
    expect(marqueeSpeed(Number.NaN)).toBe(60);
    expect(marqueeSpeed(0)).toBe(60);
    expect(marqueeSpeed(-5)).toBe(60);
    expect(marqueeSpeed(100_000)).toBe(60);
    expect(marqueeSpeed(45)).toBe(45);
  });
  it("one pass takes the width of one copy at the speed", () => {
    expect(marqueeDurationSeconds(1200, 60)).toBe(20);
    expect(marqueeDurationSeconds(900, 45)).toBe(20);
    expect(marqueeDurationSeconds(1000, 0)).toBeCloseTo(16.67, 2);
    expect(marqueeDurationSeconds(30, 60)).toBe(1);
    expect(marqueeDurationSeconds(0, 60)).toBe(1);
    expect(marqueeDurationSeconds(Number.NaN, 60)).toBe(1);
  });
});

describe("plainText", () => {
  it("drops tags, script and style bodies and comments; reads entities; folds spaces", () => {
    expect(plainText("<b>New:</b> PG Soft &amp; JILI")).toBe("New: PG Soft & JILI");
    expect(plainText('<script>alert("x")</script>Hi<style>p{}</style>')).toBe("Hi");
    expect(plainText("<img src=x onerror=alert(1)>Deals<!-- note -->")).toBe("Deals");
    expect(plainText("3 &lt; 5 &#x1F600; &#8364; &unknown;")).toBe("3 < 5 😀 € &unknown;");
    expect(plainText("<p>a</p>\n\n<p>b</p>")).toBe("a b");
    expect(plainText("<script>never closed")).toBe("");
  });
});

describe("the marquee reply", () => {
  it("personal items first, plain text, nonsense and empty items left out", () => {
    expect(
      toMarqueeItems([
        { id: 1, title: "", content: "<i>Public</i> one" },
        { id: "p", content: "Yours", personal: true },
        { id: 2, title: "Only a title", content: null },
        { id: 3, content: "<br>" },
        { content: "no id" },
        "nonsense",
        null,
      ]),
    ).toEqual([
      { id: "p", text: "Yours" },
      { id: "1", text: "Public one" },
      { id: "2", text: "Only a title" },
    ]);
  });
});

// Trial play's addresses and the trial call's query (docs/behaviour/game-launch.md#trial, #trial-parameters).
import { describe, expect, it } from "vitest";
import { trialPath, tryHref } from "../../../app/home/game-links";
import { trialParams } from "../../../app/game/trial.server";

describe("trialPath and tryHref", () => {
  it("asks the vendor itself, upper-cased, with an optional game code", () => {
    expect(trialPath("pgs")).toBe("/m/tryGame?vendor=PGS");
    expect(trialPath("JILI", "fortune-gems.2")).toBe("/m/tryGame?vendor=JILI&code=fortune-gems.2");
    expect(trialPath("bad vendor")).toBeNull();
    expect(trialPath("PGS", "<x>")).toBeNull();
  });

  it("only a visitor, only for a vendor that offers trial", () => {
    expect(tryHref("PGS", true, false)).toBe("/m/tryGame?vendor=PGS");
    expect(tryHref("PGS", true, true)).toBeNull();
    expect(tryHref("KY", false, false)).toBeNull();
  });
});

describe("trialParams", () => {
  const context = { language: "VI", backUrl: "https://m.example.com/m/tryGame?vendor=PGS&over=1" };

  it("sends the vendor's code as the game of its lobby, the vendor as the node, html5", () => {
    expect(trialParams("PGS", undefined, context)).toEqual({
      gameId: "PGS",
      nodeId: "PGS",
      platform: "html5",
      language: "VI",
      backUrl: "https://m.example.com/m/tryGame?vendor=PGS&over=1",
    });
    expect(trialParams("PGS", "lobby", context).gameId).toBe("PGS");
  });

  it("sends a game's own code as gameId", () => {
    expect(trialParams("JILI", "FG2", context)).toMatchObject({ gameId: "FG2", nodeId: "JILI" });
  });
});

// The licences of the packages in the browser's code, in one file beside it rather than as comments in every chunk
// (docs/decisions/0082-licences-in-one-file.md).
import { describe, expect, it } from "vitest";
import { getPage } from "../support/http";

describe("/m/third-party-licenses.txt", () => {
  it("is served as text and names React, React DOM and Remix with their MIT licences and copyright lines", async () => {
    const reply = await getPage("demo.localhost", "/m/third-party-licenses.txt");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toMatch(/^text\/plain/);
    for (const name of ["react", "react-dom", "@remix-run/react", "@remix-run/router", "react-router-dom"]) {
      expect(reply.body, name).toMatch(new RegExp(`^Name: ${name.replace("/", "\\/")}\\nVersion: .+\\nLicense: MIT$`, "m"));
    }
    expect(reply.body).toContain("Copyright (c) Facebook, Inc. and its affiliates.");
    expect(reply.body).toContain("Copyright (c) Remix Software Inc.");
  });

  it("the home page's shared chunk (React, Remix) carries no licence comment of its own", async () => {
    const home = await getPage("demo.localhost", "/m/home");
    const chunk = /"(\/assets\/components-[\w-]+\.js)"/.exec(home.body)?.[1];
    expect(chunk).toBeDefined();
    const script = await getPage("demo.localhost", chunk!);
    expect(script.status).toBe(200);
    expect(script.body).toContain("createElement");
    expect(script.body).not.toContain("@license");
  });
});

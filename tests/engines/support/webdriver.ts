// A small W3C WebDriver (classic) client over HTTP, for WebKitWebDriver (package webkit2gtk-driver), which speaks no
// WebDriver BiDi in WebKitGTK 2.50 (decision 0076). Only the commands the suite uses.
import { z } from "zod";

const ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";
/** How long a new session (a MiniBrowser starting) may take on the busy two-core machine; it takes 1 to 3 s. */
const SESSION_START_MS = 30_000;

export type WebDriverElement = { [ELEMENT_KEY]: string };

const Reply = z.object({ value: z.unknown() });
const ErrorValue = z.object({ error: z.string(), message: z.string().optional() });
const NewSession = z.object({ sessionId: z.string(), capabilities: z.record(z.unknown()) });

export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One command to the driver; the reply's `value`, or a WebDriverError with the driver's own error code. */
async function command(
  base: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const value = Reply.parse(await reply.json()).value;
  if (!reply.ok) {
    const error = ErrorValue.safeParse(value);
    throw new WebDriverError(
      error.success ? error.data.error : String(reply.status),
      `${method} ${path}: ${error.success ? `${error.data.error}: ${error.data.message ?? ""}` : JSON.stringify(value)}`,
    );
  }
  return value;
}

export class WebDriverSession {
  private constructor(
    private readonly driver: string,
    readonly id: string,
  ) {}

  static async create(driver: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    // WebKitWebDriver waits without end for a browser that failed to start: the failure is named here instead, well
    // before the hook's own limit, and what the browser printed is in the driver's log.
    const reply = await command(
      driver,
      "POST",
      "/session",
      { capabilities: { alwaysMatch: capabilities } },
      AbortSignal.timeout(SESSION_START_MS),
    ).catch((error: unknown) => {
      if (error instanceof DOMException && error.name === "TimeoutError") {
        throw new Error(`no browser session within ${SESSION_START_MS} ms: the browser did not start (see test-results/webkit-driver.log)`);
      }
      throw error;
    });
    const value = NewSession.parse(reply);
    return new WebDriverSession(driver, value.sessionId);
  }

  private send(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<unknown> {
    return command(this.driver, method, `/session/${this.id}${path}`, body);
  }

  async navigate(url: string): Promise<void> {
    await this.send("POST", "/url", { url });
  }

  async url(): Promise<string> {
    return z.string().parse(await this.send("GET", "/url"));
  }

  async title(): Promise<string> {
    return z.string().parse(await this.send("GET", "/title"));
  }

  async back(): Promise<void> {
    await this.send("POST", "/back", {});
  }

  async refresh(): Promise<void> {
    await this.send("POST", "/refresh", {});
  }

  async setWindowSize(width: number, height: number): Promise<void> {
    await this.send("POST", "/window/rect", { width, height });
  }

  /** Runs `script` (a function body; `arguments` holds `args`, elements as references) and returns its result. */
  execute(script: string, args: unknown[] = []): Promise<unknown> {
    return this.send("POST", "/execute/sync", { script, args });
  }

  async click(element: WebDriverElement): Promise<void> {
    await this.send("POST", `/element/${element[ELEMENT_KEY]}/click`, {});
  }

  async clear(element: WebDriverElement): Promise<void> {
    await this.send("POST", `/element/${element[ELEMENT_KEY]}/clear`, {});
  }

  async type(element: WebDriverElement, text: string): Promise<void> {
    await this.send("POST", `/element/${element[ELEMENT_KEY]}/value`, { text });
  }

  /** Presses and releases a key (a WebDriver key code, such as "\uE008" for Shift) wherever the focus is. */
  async pressKey(key: string): Promise<void> {
    await this.send("POST", "/actions", {
      actions: [
        {
          type: "key",
          id: "keyboard",
          actions: [
            { type: "keyDown", value: key },
            { type: "keyUp", value: key },
          ],
        },
      ],
    });
    await this.send("DELETE", "/actions");
  }

  async addCookie(cookie: { name: string; value: string; path: string }): Promise<void> {
    await this.send("POST", "/cookie", { cookie });
  }

  async cookies(): Promise<{ name: string; httpOnly?: boolean }[]> {
    return z.array(z.object({ name: z.string(), httpOnly: z.boolean().optional() })).parse(await this.send("GET", "/cookie"));
  }

  async delete(): Promise<void> {
    await this.send("DELETE", "");
  }
}

export function isElement(value: unknown): value is WebDriverElement {
  return typeof value === "object" && value !== null && ELEMENT_KEY in value;
}

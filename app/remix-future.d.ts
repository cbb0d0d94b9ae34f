// vite.config.ts turns Remix's single fetch on; this tells Remix's types, so that `useLoaderData<typeof loader>()`
// and `useActionData<typeof action>()` give what single fetch delivers (the body of a `data()` answer, not its
// JSON form). It lives here rather than in vite.config.ts because the app's typecheck (tsconfig.json) does not
// read vite.config.ts.
export {};

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

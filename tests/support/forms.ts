// What the HTTP-level tests read from server-rendered forms and carry between requests, as a browser without
// JavaScript would: input values, the cookies of earlier answers, and a username no other test uses.
import { decodeEntities, hostFor, originFor, request, type RawReply } from "./http";

/** A fresh username: the prefix, then the time and a random letter, at most 16 characters. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-7)}${Math.floor(Math.random() * 36).toString(36)}`.slice(0, 16);
}

/** The <input> tag with this name, or "" when the page has none. */
export function inputTag(html: string, name: string): string {
  return new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0] ?? "";
}

/** The value="" of the input with this name (server-rendered), or null when the input has none. */
export function inputValue(html: string, name: string): string | null {
  const tag = inputTag(html, name);
  if (!tag) throw new Error(`no input named ${name}`);
  const value = /\bvalue="([^"]*)"/.exec(tag)?.[1];
  return value === undefined ? null : decodeEntities(value);
}

/** The Cookie header after these answers, as a browser keeps it: later Set-Cookie lines win, deleted ones leave. */
export function cookieJar(...replies: RawReply[]): string {
  const cookies = new Map<string, string>();
  for (const reply of replies) {
    for (const line of reply.cookies) {
      const pair = line.split(";")[0]!;
      const index = pair.indexOf("=");
      const value = pair.slice(index + 1);
      if (value === "" || /Max-Age=0/i.test(line)) cookies.delete(pair.slice(0, index));
      else cookies.set(pair.slice(0, index), value);
    }
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** A plain form post from a page of `host`, with its Origin as a browser sends it; `headers` add to or replace those. */
export function postForm(host: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return request({
    host: hostFor(host),
    path,
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: originFor(host), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

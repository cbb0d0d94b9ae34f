// Where Retry on the maintenance page and in the domain dialog leads (docs/behaviour/shell.md#site-status): the entry
// page, keeping the visit's affiliate code and referral code (as `r`), never the current address.

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function retryHref(path: string): string {
  const query = new URLSearchParams(path.includes("?") ? path.slice(path.indexOf("?") + 1) : "");
  const kept = new URLSearchParams();
  const affiliateCode = query.get("affiliateCode")?.trim() ?? "";
  const referral = (query.get("r") ?? query.get("referralCode"))?.trim() ?? "";
  if (CODE.test(affiliateCode)) kept.set("affiliateCode", affiliateCode);
  if (CODE.test(referral)) kept.set("r", referral);
  const search = kept.toString();
  return search ? `/m/index?${search}` : "/m/index";
}

// Any other address: a translated 404 inside the merchant's shell.
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

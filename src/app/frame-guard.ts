/**
 * Whether the page may draw itself: not inside a frame. The hosts forbid framing with
 * frame-ancestors 'none'; this is for a host that forgot, so that no other site can lay the
 * login form under its own and catch a visitor's clicks (clickjacking).
 */
export function mayRender(view: { top: unknown; self: unknown }, log: (message: string) => void): boolean {
  if (view.top === view.self) return true;
  log(
    "The login page does not show inside a frame (clickjacking protection). Open it in its own tab; a host should also send frame-ancestors 'none' (docs/deploy.md).",
  );
  return false;
}

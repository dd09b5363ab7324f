// Web pages as sources (spec 2.11: each response records the sources it used). A page found by
// search_web and the same page read by fetch_page share one id, so the reply cites it once.
export const webSourceId = (url: string): string => {
  try {
    const u = new URL(url);
    u.hash = '';
    return `web:${u.href}`;
  } catch {
    return `web:${url}`;
  }
};

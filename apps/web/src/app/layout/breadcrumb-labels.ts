/** SPEC §2 breadcrumb labels; any other segment shows as written, dashes read as spaces. */
const SEGMENT_LABELS: Record<string, string> = {
  supplier: 'supplier hub',
  manual: 'manual',
  admin: 'admin control',
  login: 'login',
  inventory: 'inventory',
  shipping: 'shipping',
  creditapps: 'credit applications',
  'credit-apps': 'credit applications',
  users: 'users and roles',
};

/** An id in a path (a request for quotation's page): 36 characters no one reads. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id shortened to its first 8 characters, as commit ids are: enough to tell two pages apart. */
const shortId = (segment: string) => (UUID.test(segment) ? `${segment.slice(0, 8)}…` : segment);

export function segmentLabel(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as typed rather than breaking the page.
  }
  if (UUID.test(text)) return shortId(text);
  return SEGMENT_LABELS[text.toLowerCase()] ?? text.replace(/-/g, ' ');
}

export interface Crumb {
  label: string;
  to: string;
}

/** The trail after 'Home' for a path; empty when the path has a single segment, which hides the breadcrumb. */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length <= 1) return [];
  return segments.map((segment, index) => ({
    label: segmentLabel(segment),
    to: `/${segments.slice(0, index + 1).join('/')}`,
  }));
}

/**
 * '/customer/orders' as ['/customer', '/orders']: where the top bar's path may break onto a new line. An
 * id reads shortened ('/a4c66fbd…'), so a phone's narrow column does not break it over six lines.
 */
export function pathSegments(pathname: string): string[] {
  return (pathname.match(/\/[^/]*/g) ?? [pathname]).map((segment) => `/${shortId(segment.slice(1))}`);
}

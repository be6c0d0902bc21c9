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

export function segmentLabel(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as typed rather than breaking the page.
  }
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

/** '/customer/orders' as ['/customer', '/orders']: where the top bar's path may break onto a new line. */
export function pathSegments(pathname: string): string[] {
  return pathname.match(/\/[^/]*/g) ?? [pathname];
}

import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../components/ui/cn';
import { useCart } from '../../features/cart/api/get-cart';
import { useOrdersCount } from '../../features/orders/api/get-orders-page';

/** The drafts a buyer still has to approve: what the Orders entry counts. */
const AWAITING_APPROVAL = ['AWAITING_CUSTOMER_APPROVAL'] as const;

interface CustomerNavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Only the hub's own path marks the hub: /customer/orders is not "in" the hub. */
  end?: boolean;
  count?: { value: number | undefined; tone: 'amber' | 'emerald'; describe: (count: number) => string };
}

const iconProps = {
  className: 'size-5 shrink-0 sm:size-4',
  viewBox: '0 0 20 20',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

const HubIcon = (
  <svg {...iconProps}>
    <path d="M3 8.5 4.5 4h11L17 8.5M3 8.5h14M3 8.5c0 1.4 1.1 2 2.3 2s2.3-.6 2.3-2c0 1.4 1.1 2 2.4 2s2.3-.6 2.3-2c0 1.4 1.1 2 2.4 2S17 9.9 17 8.5M4.5 10.5V16h11v-5.5M8.5 16v-3.5h3V16" />
  </svg>
);
const OrdersIcon = (
  <svg {...iconProps}>
    <path d="M6.5 3.5h7l2 2V16.5h-11v-13h2ZM7.5 8h5M7.5 11h5M7.5 14h3" />
  </svg>
);
const RfqsIcon = (
  <svg {...iconProps}>
    <path d="M4.5 4.5h11v8h-6l-3.5 3v-3H4.5v-8ZM7.5 8h5M7.5 10.5h3" />
  </svg>
);
const CartIcon = (
  <svg {...iconProps}>
    <path d="M2.5 3.5h2l1.8 9h9l1.7-6.5H6" />
    <circle cx="8" cy="16" r="1.2" fill="currentColor" stroke="none" />
    <circle cx="14" cy="16" r="1.2" fill="currentColor" stroke="none" />
  </svg>
);
const CreditIcon = (
  <svg {...iconProps}>
    <rect x="2.5" y="5" width="15" height="10.5" rx="1.5" />
    <path d="M2.5 8.5h15M5.5 12.5h3" />
  </svg>
);

const LicenceIcon = (
  <svg {...iconProps}>
    <path d="M5 2.5h7l3 3v12H5v-15Z" />
    <path d="M8 8h4.5M8 10.5h4.5" />
    <circle cx="10" cy="14.5" r="1.5" />
  </svg>
);

const countTones = {
  amber: 'bg-amber-100 text-amber-900 ring-1 ring-amber-300 ring-inset',
  emerald: 'bg-emerald-700 text-white',
} as const;

/** Nothing until the count is known, and nothing for zero: a badge means there is something there. */
const shownCount = (count: CustomerNavItem['count']) =>
  count?.value === undefined || count.value === 0 ? null : count.value;

/** 'Orders, 2 awaiting approval': the label first, as it shows, then what the badge counts. */
function accessibleName(item: CustomerNavItem): string | undefined {
  const count = shownCount(item.count);
  return count === null || !item.count ? undefined : `${item.label}, ${count} ${item.count.describe(count)}`;
}

function Count({ count }: { count: NonNullable<CustomerNavItem['count']> }) {
  const value = shownCount(count);
  if (value === null) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        // On a phone a small badge on the icon's corner, as on a phone's own app bar; beside the label
        // from sm up.
        'absolute top-1.5 left-1/2 ml-1 min-w-4.5 rounded-full px-1 text-center text-[0.6875rem] leading-4.5 font-semibold tabular-nums',
        'sm:static sm:ml-0 sm:min-w-5 sm:px-1.5 sm:text-xs sm:leading-5',
        countTones[count.tone],
      )}
    >
      {value}
    </span>
  );
}

/**
 * The customer area's own navigation: Hub, Orders (with the drafts awaiting approval), RFQs, Cart (with its
 * lines), Credit & invoices and the pharmacy Licence, on every customer screen. SPEC's top-bar tabs stay as they are; this
 * is the area's second level.
 *
 * Where it sits: on a phone the top bar already takes two rows, so a third sticky row would leave
 * less than four fifths of the screen for the work; the six destinations go in a bar fixed to the
 * bottom instead, where a thumb reaches them and where they stay in reach down a long hub. From sm up
 * there is room beside the content: a strip at the top of each customer screen, where the eye starts.
 * One element serves both (CSS moves it), so a screen reader meets it once, before the screen's
 * content, at every width. The counts are the orders page's and the cart's own queries, so the live
 * stream, an approval or a cart change refreshes them as it refreshes those screens.
 */
export function CustomerNav({ orgId }: { orgId: string | null }) {
  const awaiting = useOrdersCount(orgId, { buyerId: orgId, status: AWAITING_APPROVAL });
  const cart = useCart(orgId);
  const items: CustomerNavItem[] = [
    { to: '/customer', label: 'Hub', icon: HubIcon, end: true },
    {
      to: '/customer/orders',
      label: 'Orders',
      icon: OrdersIcon,
      count: { value: awaiting.data, tone: 'amber', describe: () => 'awaiting approval' },
    },
    { to: '/customer/rfqs', label: 'RFQs', icon: RfqsIcon },
    {
      to: '/customer/cart',
      label: 'Cart',
      icon: CartIcon,
      count: {
        value: cart.data?.items.length,
        tone: 'emerald',
        describe: (count) => (count === 1 ? 'line' : 'lines'),
      },
    },
    { to: '/customer/credit', label: 'Credit & invoices', icon: CreditIcon },
    { to: '/customer/licence', label: 'Licence', icon: LicenceIcon },
  ];

  return (
    <nav
      aria-label="Customer area"
      data-customer-nav
      className={cn(
        // Phone: the bottom bar, above the page (z-20) but under the sticky top bar's menus and every
        // modal (z-30 and up); it keeps clear of the home indicator on phones that have one.
        'fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur',
        'sm:static sm:z-auto sm:mb-6 sm:w-fit sm:max-w-full sm:rounded-xl sm:border sm:bg-white sm:p-1 sm:pb-1 sm:shadow-xs sm:backdrop-blur-none',
      )}
    >
      <ul className="grid grid-cols-6 sm:flex sm:flex-wrap sm:gap-1">
        {items.map((item) => (
          <li key={item.to} className="min-w-0">
            <NavLink
              to={item.to}
              end={item.end}
              aria-label={accessibleName(item)}
              className={({ isActive }) =>
                cn(
                  // Icons in one row, labels from one line down: 'Credit & invoices' may take two lines
                  // on a narrow phone without lifting its icon out of line with the others.
                  'relative flex h-14 flex-col items-center justify-start gap-0.5 px-0.5 pt-2 text-center text-[0.6875rem] leading-[1.15] font-medium transition-colors',
                  'sm:h-9 sm:flex-row sm:justify-center sm:gap-2 sm:rounded-lg sm:px-3 sm:pt-0 sm:text-sm sm:leading-tight',
                  isActive
                    ? // On a phone a bar along the top edge marks the page, as tabs do; a tint from sm up.
                      'text-emerald-800 before:absolute before:inset-x-3 before:top-0 before:h-0.5 before:rounded-full before:bg-emerald-700 sm:bg-emerald-50 sm:before:hidden'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {item.icon}
              <span className="max-w-full">{item.label}</span>
              {/* A space between label and count: the visible text reads 'Orders 6', words the link's
                  name ('Orders, 6 awaiting approval') contains, for speech input and WCAG 2.5.3. */}
              {item.count && (
                <>
                  {' '}
                  <Count count={item.count} />
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

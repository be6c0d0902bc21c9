import type { SessionUser } from '@aduro/shared/auth';
import type { Permission } from '@aduro/shared/permissions';
import { hasPermission } from '@aduro/shared/permissions';
import { useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { ActivityList } from '../../../features/activity/components/activity-list';
import { ApiKeysTab } from '../../../features/api-keys/components/api-keys-tab';
import { ControlledRegister } from '../../../features/compliance/components/controlled-register';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { UsersRolesTab } from '../../../features/staff/components/users-roles-tab';
import { SupplierSettingsPanel } from '../../../features/suppliers/components/supplier-settings-panel';
import { ShippingBoard } from '../../../features/orders/components/shipping-board';
import { CreditQueue } from '../../../features/credit/components/credit-queue';
import { InvoicesCard } from '../../../features/invoices/components/invoices-card';
import { CreditHeldStat } from '../../../features/payments/components/credit-held-stat';
import { InvoiceMobileMoneyPayments } from '../../../features/payments/components/invoice-mobile-money-payments';
import { InventoryTab } from './inventory-tab';
import { QuotesTab } from './quotes-tab';
import { RecallsTab } from './recalls-tab';
import { ReturnsTab } from './returns-tab';

/** A tab's list filters write the tab with them, so a reloaded or shared link opens where they were set. */
const CREDIT_TAB_PARAMS = { tab: 'credit' } as const;
const USERS_TAB_PARAMS = { tab: 'users' } as const;

type SupplierTab =
  | 'inventory'
  | 'quotes'
  | 'shipping'
  | 'returns'
  | 'credit'
  | 'users'
  | 'recalls'
  | 'register'
  | 'activity'
  | 'api-keys';

/**
 * SPEC §2: every cockpit tab needs its own permission; this order is the display order. Recalls are
 * everyone's business: any cockpit user reads them (declaring needs manage_inventory, see RecallsTab).
 * The tab comes last so that the first tab each role opens on is unchanged. The Pharmacist (issue 32)
 * opens Shipping, to sign off controlled drugs, and the Controlled Register, which shipping staff read
 * too. Activity (the organisation's trail) is for its Admins, who answer for who did what.
 */
const SUPPLIER_TABS: ReadonlyArray<{
  id: SupplierTab;
  label: string;
  permission: Permission | readonly Permission[];
}> = [
  { id: 'inventory', label: 'Inventory', permission: 'manage_inventory' },
  // Quoting on requests for quotation (issue 34) prices the stock, so it is for those who manage it. Only
  // they see it, and they open on Inventory, just above: no role's first tab moves.
  { id: 'quotes', label: 'Quotes', permission: 'manage_inventory' },
  { id: 'shipping', label: 'Shipping', permission: ['manage_shipping', 'sign_off_controlled'] },
  // Returns (issue 35) come back through shipping and into stock. Whoever holds either permission sees
  // Inventory or Shipping above it, so no role's first tab moves.
  { id: 'returns', label: 'Returns', permission: ['manage_shipping', 'manage_inventory'] },
  { id: 'credit', label: 'Credit Applications', permission: 'manage_credit' },
  { id: 'users', label: 'Users & Roles', permission: 'manage_users' },
  {
    id: 'recalls',
    label: 'Recalls',
    permission: ['manage_inventory', 'manage_shipping', 'manage_credit', 'manage_users'],
  },
  { id: 'register', label: 'Controlled Register', permission: ['sign_off_controlled', 'manage_shipping'] },
  { id: 'activity', label: 'Activity', permission: 'manage_users' },
  // Machine clients' keys (issue 33) act for the organisation: only those who manage its users manage them.
  { id: 'api-keys', label: 'API keys', permission: 'manage_users' },
];

const isSupplierTab = (value: string | null): value is SupplierTab =>
  SUPPLIER_TABS.some((tab) => tab.id === value);

/**
 * The tab the user looks at. A link may name one (`?tab=shipping`, as a notification's does): each
 * navigation that names a tab selects it, and the user's own clicks win until the next such navigation.
 * Navigations are told apart by their location key, so following a second link to the same tab after
 * clicking away selects it again.
 */
function useChosenTab() {
  const { key } = useLocation();
  const [searchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const linked = isSupplierTab(tabParam) ? tabParam : null;
  const [choice, setChoice] = useState({ key, tab: linked });
  // Adjusted while rendering, not in an effect, so the linked tab shows in the first paint after navigating.
  if (choice.key !== key) setChoice({ key, tab: linked ?? choice.tab });
  const select = (tab: SupplierTab) => setChoice({ key, tab });
  return [choice.tab, select] as const;
}

/**
 * SPEC §2: static hero figures, not computed from data. They are the marketplace's, not this supplier's,
 * so they sit under 'Across Aduro': beside the organisation's name they read as its own results.
 */
const HERO_FIGURES = [
  { value: '96%', label: 'in stock' },
  { value: '22 hrs', label: 'average dispatch lead' },
  { value: '3.6 hrs', label: 'credit approvals' },
] as const;

/** Filtering the activity names its tab in the URL too, so the filtered view reopens on reload. */
const ACTIVITY_TAB_PARAM = { tab: 'activity' } as const;

/** Tabs that read the organisation's data are given its id; the app layer owns the session. */
function tabContent(tab: SupplierTab, user: SessionUser): ReactNode {
  if (tab === 'users') {
    // Only Admins reach this tab (manage_users), and only they may change the trading terms.
    return user.orgId ? (
      <div className="space-y-8">
        <UsersRolesTab orgId={user.orgId} currentUserId={user.id} pinnedParams={USERS_TAB_PARAMS} />
        <SupplierSettingsPanel orgId={user.orgId} canEdit={hasPermission(user.permissions, 'manage_users')} />
      </div>
    ) : (
      <Card>
        <EmptyState message="No users found." />
      </Card>
    );
  }
  if (tab === 'shipping')
    return (
      <ShippingBoard
        orgId={user.orgId}
        canReadInvoices={hasPermission(user.permissions, 'manage_credit')}
        canMoveDrops={hasPermission(user.permissions, 'manage_shipping')}
        canSignOff={hasPermission(user.permissions, 'sign_off_controlled')}
      />
    );
  if (tab === 'register')
    return <ControlledRegister orgId={user.orgId} reader="supplier" headingLevel="h3" />;
  if (tab === 'recalls') {
    return user.orgId ? (
      <RecallsTab orgId={user.orgId} permissions={user.permissions} />
    ) : (
      <Card>
        <EmptyState message="No recalls of your stock." />
      </Card>
    );
  }
  if (tab === 'activity') {
    return (
      <ActivityList
        orgId={user.orgId}
        pinnedParams={ACTIVITY_TAB_PARAM}
        description="Who did what in your organisation, newest first: stock, orders, credit, payments and staff."
      />
    );
  }
  if (tab === 'quotes') {
    return user.orgId ? (
      <QuotesTab orgId={user.orgId} />
    ) : (
      <Card>
        <EmptyState message="No requests for quotation yet." />
      </Card>
    );
  }
  if (tab === 'returns') {
    return user.orgId ? (
      <ReturnsTab orgId={user.orgId} permissions={user.permissions} />
    ) : (
      <Card>
        <EmptyState message="No returns yet." />
      </Card>
    );
  }
  if (tab === 'api-keys') {
    return user.orgId ? (
      <ApiKeysTab orgId={user.orgId} />
    ) : (
      <Card>
        <EmptyState message="No API keys yet." />
      </Card>
    );
  }
  if (tab === 'credit') {
    return (
      <div className="space-y-8">
        <CreditQueue orgId={user.orgId} pinnedParams={CREDIT_TAB_PARAMS} />
        <InvoicesCard
          orgId={user.orgId}
          side="seller"
          pinnedParams={CREDIT_TAB_PARAMS}
          rowDetails={(invoice) => <InvoiceMobileMoneyPayments invoice={invoice} />}
          stats={<CreditHeldStat side="seller" />}
        />
      </div>
    );
  }
  // A supplier user always belongs to an organisation; without one there is no stock to show.
  return user.orgId ? (
    <InventoryTab orgId={user.orgId} />
  ) : (
    <Card>
      <EmptyState message="No inventory data yet. Push your first stock update to activate analytics." />
    </Card>
  );
}

export function SupplierCockpitRoute() {
  const user = useSignedInUser();
  const tabs: TabItem<SupplierTab>[] = SUPPLIER_TABS.filter((tab) =>
    hasPermission(user.permissions, tab.permission),
  ).map((tab) => ({ id: tab.id, label: tab.label, content: tabContent(tab.id, user) }));
  const [chosen, setChosen] = useChosenTab();
  // Until the user or a link picks a tab they may open, the first one they may open is selected.
  const selected = tabs.find((tab) => tab.id === chosen)?.id ?? tabs[0]?.id;

  return (
    <div className="space-y-4 sm:space-y-6">
      {!user.organizationActive && (
        <div
          role="alert"
          className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900"
        >
          <svg className="mt-0.5 size-5 shrink-0" viewBox="0 0 20 20" fill="none" aria-hidden="true">
            <path
              d="M10 2.5 18 17H2L10 2.5Z"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
            <path d="M10 8v4M10 14.5v.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
          <div>
            <p className="font-semibold">Your organisation is pending review</p>
            <p className="mt-1 text-sm">
              A platform administrator is reviewing {user.organizationName ?? 'your organisation'} and its
              licence. You cannot trade until the organisation is activated; you can prepare your catalogue
              and team meanwhile.
            </p>
          </div>
        </div>
      )}

      {/* A slim band rather than a banner: the figures are static (SPEC), so they must not push each
          tab's working content below the fold. On a phone, the title's line and one of figures. */}
      <section className="flex flex-col gap-1 rounded-xl bg-gradient-to-r from-slate-900 via-slate-800 to-emerald-900 px-4 py-3 text-white md:flex-row md:items-center md:justify-between md:gap-6 md:px-5">
        <div className="min-w-0">
          <p className="hidden text-xs font-semibold tracking-wider text-emerald-300 uppercase md:block">
            Supplier Hub
          </p>
          {/* One truncated line on a phone (the band stays slim); from md the figures beside it take
              half the width, so the name wraps rather than lose its end. */}
          <h1 className="truncate text-base font-semibold tracking-tight md:text-xl md:text-balance md:break-words md:whitespace-normal">
            {user.organizationName ? `${user.organizationName} cockpit` : 'Supplier cockpit'}
          </h1>
        </div>
        {/* On a phone the heading leads the figures' one line; from md it sits above them. */}
        <section
          aria-labelledby="aduro-figures-title"
          className="flex shrink-0 flex-wrap items-baseline gap-x-3 gap-y-0.5 md:block"
        >
          <h2
            id="aduro-figures-title"
            className="text-[0.6875rem] font-semibold tracking-wider text-emerald-300 uppercase"
          >
            Across Aduro
          </h2>
          <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs md:gap-x-6">
            {HERO_FIGURES.map((figure) => (
              <div
                key={figure.label}
                className="flex flex-row-reverse items-baseline justify-end gap-1 md:flex-col-reverse md:items-start md:gap-0"
              >
                <dt className="text-slate-300">{figure.label}</dt>
                <dd className="font-semibold whitespace-nowrap md:text-lg">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </section>

      {selected ? (
        <Tabs label="Supplier workspace" items={tabs} selected={selected} onSelect={setChosen} />
      ) : (
        <Card>
          <EmptyState message="You do not have any supplier workspace permissions yet. Ask your platform admin to grant access." />
        </Card>
      )}
    </div>
  );
}

import { Card, CardHeader } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { EntityManagement } from '../../../features/admin/components/entity-management';
import { GmvChart } from '../../../features/admin/components/gmv-chart';
import { GovernanceTiles } from '../../../features/admin/components/governance-tiles';
import { MarketSummaryCard } from '../../../features/admin/components/market-summary-card';
import { ActivityList } from '../../../features/activity/components/activity-list';
import { AdminLicenceQueue } from '../../../features/compliance/components/admin-licence-queue';
import { ControlledRegister } from '../../../features/compliance/components/controlled-register';
import { ProductLegalStatusSection } from '../../../features/compliance/components/product-legal-status-section';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { AdminRecallsSection } from './admin-recalls-section';

/** SPEC §2: static tips, not computed. */
const GUARDRAILS = [
  {
    title: 'Predictive recalls',
    body: 'Match regulator and manufacturer batch alerts against recent orders so affected pharmacies are contacted before recalled stock is dispensed.',
  },
  {
    title: 'AML watchlist refresh',
    body: 'Refresh anti-money-laundering watchlists weekly and screen new organisations before activating them.',
  },
  {
    title: 'ESG attestations',
    body: "Collect suppliers' environmental, social and governance attestations each quarter, including safe disposal of expired medicines.",
  },
] as const;

/** SPEC §2: static network health tiles. */
const NETWORK_HEALTH = [
  { label: 'Reliability', value: '92/100' },
  { label: 'Liquidity coverage', value: '1.4x' },
  { label: 'Compliance', value: '99.3%' },
  { label: 'Avg SLA adherence', value: '95%' },
] as const;

export function AdminRoute() {
  const user = useSignedInUser();
  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow="Admin"
        title="Platform command centre"
        description="Decide which organisations trade on Aduro and keep watch over the marketplace."
      />

      <section aria-labelledby="governance-title" className="space-y-3">
        <h2 id="governance-title" className="text-lg font-semibold text-slate-900">
          Governance analytics
        </h2>
        <GovernanceTiles />
      </section>

      {/* The work first: which organisations may trade and the buyers' licences to check, then what
          may be sold (medicines' legal status), recalls and the controlled register, and the activity
          feed last, as the record to look back on. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <EntityManagement />
          <AdminLicenceQueue />
          <ProductLegalStatusSection />
          <MarketSummaryCard />
        </div>

        <div className="space-y-6">
          <GmvChart />
          <Card>
            <CardHeader title="Operational guardrails" />
            <ul className="divide-y divide-slate-100">
              {GUARDRAILS.map((tip) => (
                <li key={tip.title} className="px-5 py-4">
                  <p className="text-sm font-medium text-slate-900">{tip.title}</p>
                  <p className="mt-1 text-sm text-slate-600">{tip.body}</p>
                </li>
              ))}
            </ul>
          </Card>
          <Card>
            <CardHeader title="Network health" />
            <dl className="grid grid-cols-2 gap-3 p-5">
              {NETWORK_HEALTH.map((tile) => (
                <div key={tile.label} className="flex flex-col-reverse rounded-lg bg-slate-50 p-3">
                  <dt className="text-xs text-slate-500">{tile.label}</dt>
                  <dd className="text-xl font-semibold text-slate-900 tabular-nums">{tile.value}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
      </div>

      <AdminRecallsSection orgId={user.orgId} />

      <ControlledRegister orgId={user.orgId} reader="platform" />

      <ActivityList
        orgId={user.orgId}
        description="What happened across the marketplace, newest first: every organisation's activity."
      />
    </div>
  );
}

import { RISK_BAND_LABELS, riskBand, type RiskResult } from '@aduro/shared/credit';
import { Badge } from '../../../components/ui/badge';
import { formatCedis } from '../../../lib/format';

const BAND_TONES = { low: 'green', moderate: 'yellow', high: 'red' } as const;
const BAR_COLOURS = { low: 'bg-emerald-600', moderate: 'bg-amber-500', high: 'bg-rose-500' } as const;

/** SPEC §2: score, rationale, exposure, outstanding, requested and the recommended limit when there is one. */
export function RiskCheck({ risk }: { risk: RiskResult }) {
  const band = riskBand(risk.score);
  return (
    <div
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      role="group"
      aria-label="Risk check"
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-600">
          Score <span className="text-2xl font-semibold text-slate-900 tabular-nums">{risk.score}</span>
          <span className="text-slate-500">/100</span>
        </p>
        <Badge tone={BAND_TONES[band]}>{RISK_BAND_LABELS[band]}</Badge>
      </div>
      <div
        role="meter"
        aria-label="Risk score, higher is safer"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={risk.score}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full ${BAR_COLOURS[band]}`} style={{ width: `${risk.score}%` }} />
      </div>
      <p className="text-sm text-slate-700">{risk.rationale}</p>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">Exposure</dt>
          <dd className="font-medium tabular-nums">{formatCedis(risk.exposure)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Outstanding</dt>
          <dd className="font-medium tabular-nums">{formatCedis(risk.outstanding)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Requested</dt>
          <dd className="font-medium tabular-nums">{formatCedis(risk.requested)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Recommended limit</dt>
          <dd className="font-semibold text-emerald-700 tabular-nums">
            {risk.recommendedLimit !== undefined ? formatCedis(risk.recommendedLimit) : 'No history yet'}
          </dd>
        </div>
      </dl>
    </div>
  );
}

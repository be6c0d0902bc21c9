import { RECALL_SEVERITY_LABELS, RECALL_SEVERITY_SHORT, type RecallSeverity } from '@aduro/shared/recalls';
import { Badge } from '../../../components/ui/badge';
import { SEVERITY_TONES } from '../utils/recall-format';

/** 'Class I', with what the class means for a pharmacist in its tooltip and accessible name. */
export function RecallSeverityBadge({ severity }: { severity: RecallSeverity }) {
  return (
    <span title={RECALL_SEVERITY_LABELS[severity]}>
      <Badge tone={SEVERITY_TONES[severity]}>
        {RECALL_SEVERITY_SHORT[severity]}
        <span className="sr-only">: {RECALL_SEVERITY_LABELS[severity].split(': ')[1]}</span>
      </Badge>
    </span>
  );
}

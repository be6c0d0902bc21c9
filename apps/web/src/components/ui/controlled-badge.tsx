import { CONTROLLED_KIND_LABELS, type ControlledKind } from '@aduro/shared/compliance';
import { Badge } from './badge';

/** What a screen reader and the tooltip say: which kind of controlled drug this is. */
export function controlledDescription(kind: ControlledKind): string {
  return `Controlled drug (${CONTROLLED_KIND_LABELS[kind].toLowerCase()})`;
}

/** "Controlled" beside a narcotic, psychotropic or precursor; nothing for any other product. */
export function ControlledBadge({ controlled }: { controlled: ControlledKind | null | undefined }) {
  if (!controlled) return null;
  const description = controlledDescription(controlled);
  return (
    <span title={description} data-controlled={controlled} className="inline-flex shrink-0">
      <Badge tone="red">
        <span aria-hidden="true">Controlled</span>
        <span className="sr-only">{description}</span>
      </Badge>
    </span>
  );
}

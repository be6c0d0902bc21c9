import type { ApiKey } from '@aduro/shared/api-keys';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMoment } from '../../../lib/format';
import { useApiKeys } from '../api/get-api-keys';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

/** The cockpit's API keys tab (issue 33): the organisation's keys, creating one, revoking one. */
export function ApiKeysTab({ orgId }: { orgId: string }) {
  const keys = useApiKeys(orgId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <Card>
      <CardHeader
        id="api-keys-heading"
        as="h3"
        title="API keys"
        description="Keys let your own systems read and update Aduro for your organisation without a person signing in. Each acts only within its scopes, and its writes are named in the activity trail."
        actions={<Button onClick={() => setCreating(true)}>Create key</Button>}
      />
      {keys.isPending ? (
        <div className="space-y-3 px-5 py-5" aria-busy="true">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : keys.isError ? (
        <LoadFailed message="Your API keys could not be loaded." onRetry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <EmptyState message="No API keys yet. Create one for each system that connects to Aduro." />
      ) : (
        <ul aria-labelledby="api-keys-heading" className="divide-y divide-slate-100">
          {keys.data.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
          ))}
        </ul>
      )}
      <CreateApiKeyDialog orgId={orgId} open={creating} onClose={() => setCreating(false)} />
      <RevokeApiKeyDialog orgId={orgId} apiKey={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className={revoked ? 'min-w-0 space-y-1.5 opacity-70' : 'min-w-0 space-y-1.5'}>
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words text-slate-900">{apiKey.name}</span>
          {revoked ? <Badge tone="red">Revoked</Badge> : <Badge tone="green">Active</Badge>}
        </p>
        <p className="font-mono text-xs text-slate-600">
          <span className="sr-only">Key starting </span>
          <span>{apiKey.prefix}…</span>
        </p>
        <ul aria-label="Scopes" className="flex flex-wrap gap-1.5">
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <Badge tone="blue">{scope}</Badge>
            </li>
          ))}
        </ul>
        {/* On a phone each phrase has its own line, rather than breaking one mid-way; from sm they share one. */}
        <p className="flex flex-col text-xs text-slate-500 sm:flex-row sm:flex-wrap sm:gap-x-1.5">
          <span>
            Created {formatMoment(apiKey.createdAt)}
            {apiKey.createdByName ? ` by ${apiKey.createdByName}` : ''}
          </span>
          <span aria-hidden="true" className="hidden sm:inline">
            ·
          </span>
          <span>{apiKey.lastUsedAt ? `Last used ${formatMoment(apiKey.lastUsedAt)}` : 'Never used'}</span>
        </p>
        {apiKey.revokedAt && (
          <p className="text-xs text-rose-700">
            Revoked {formatMoment(apiKey.revokedAt)}
            {apiKey.revokedByName ? ` by ${apiKey.revokedByName}` : ''}
          </p>
        )}
      </div>
      {!revoked && (
        <Button variant="secondary" size="sm" onClick={onRevoke} className="w-full shrink-0 sm:w-auto">
          Revoke
        </Button>
      )}
    </li>
  );
}

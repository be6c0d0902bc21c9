import { API_KEY_MESSAGES } from '@aduro/shared/api-keys';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** The whole key, shown once: selectable as text, and a Copy button for the usual case. */
export function RevealedKey({ value }: { value: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // A browser that refuses the clipboard (no permission, not a secure page): the text can be selected.
      setCopied('failed');
    }
  }
  return (
    <div className="space-y-3">
      <div
        role="alert"
        className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
      >
        {API_KEY_MESSAGES.shownOnce}. Aduro keeps only a fingerprint of it: if it is lost, revoke it and
        create another.
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <code
          aria-label="API key"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
        >
          {value}
        </code>
        <Button variant="secondary" onClick={() => void copy()} className="shrink-0">
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p aria-live="polite" className="text-xs text-slate-500">
        {copied === 'yes'
          ? 'The key is on your clipboard.'
          : copied === 'failed'
            ? 'Copying was refused by the browser: select the key and copy it by hand.'
            : 'Send it as Authorization: Bearer followed by the key.'}
      </p>
    </div>
  );
}

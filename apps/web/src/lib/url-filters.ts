import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing pauses before the URL, and so the list, follows. */
export const FILTER_TYPING_DELAY_MS = 300;

export interface UrlFiltersOptions<F extends string> {
  /** Each field's URL parameter; prefixed where a page holds several lists in one query string. */
  params: Readonly<Record<F, string>>;
  /** What the screen shows with the parameter left out; a field set back to it leaves the URL. */
  defaults: Readonly<Record<F, string>>;
  /**
   * The values as the URL holds them, as the screen reads them: most read an unknown value as the
   * default, so a hand-edited or stale link shows the whole list; the activity list keeps it, for its
   * schema to report as a field error.
   */
  read: (params: URLSearchParams) => Record<F, string>;
  /** Fields typed into: written a moment after typing stops, so the list does not refetch per key. */
  typed?: readonly NoInfer<F>[];
  /**
   * Parameters written with every change (a cockpit's ?tab=), so the link reloaded or shared opens where
   * the list is.
   */
  pinned?: Readonly<Record<string, string>>;
  /**
   * How the URL spells a blank value of a field whose default is not blank (the shipping tab's status:
   * '' is every state, written ?status=all, while no parameter is its Outgoing default).
   */
  blank?: Partial<Readonly<Record<NoInfer<F>, string>>>;
  /** Choices and a clear add a history entry the back button undoes; otherwise each replaces the entry. */
  pushChoices?: boolean;
  /** History state of the navigations the filters make, so what reacts to navigations can tell them apart. */
  state?: unknown;
}

const NO_FIELDS: readonly never[] = [];
const NO_PINS: Readonly<Record<string, string>> = {};

/**
 * A list's filters kept in the URL, so a filtered view survives a reload and can be shared; every other
 * parameter of the page is left as it is. What the hook shows (`values`) is the URL's, except where the
 * user is ahead of it:
 * - typed text waits for typing to pause before it is written;
 * - a choice is written at once, but the router commits a search change in a transition, so a clicked
 *   radio would read unchecked for a frame; the choice shows meanwhile.
 * Either is dropped once the URL holds it, so a back navigation or a clear afterwards shows the URL's
 * values again. What the list asks the server for (`url`) is only ever what the URL holds.
 */
export function useUrlFilters<F extends string>({
  params,
  defaults,
  read,
  typed: typedFields = NO_FIELDS,
  pinned = NO_PINS,
  blank,
  pushChoices = false,
  state,
}: UrlFiltersOptions<F>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const url = read(searchParams);
  const [draft, setDraft] = useState<Partial<Record<F, string>>>({});
  const fields = Object.keys(draft) as F[];
  const caughtUp = fields.filter((field) => draft[field] === url[field]);
  if (caughtUp.length > 0) {
    setDraft((current) => {
      const next = { ...current };
      for (const field of caughtUp) if (next[field] === url[field]) delete next[field];
      return next;
    });
  }

  // React Router's functional update starts from the search params of the last render, not of the last
  // write (remix-run/react-router#9757): two choices made before the router re-renders (a status, then a
  // date) would each start from the same old URL, and the second would undo the first. The last write is
  // kept until the URL holds it, and the next write starts from it.
  const lastWrite = useRef<string | null>(null);
  const current = searchParams.toString();
  useEffect(() => {
    if (lastWrite.current === current) lastWrite.current = null;
  }, [current]);

  function write(values: Partial<Record<F, string>>, replace: boolean) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(lastWrite.current ?? previous);
        for (const [name, value] of Object.entries(pinned)) next.set(name, value);
        for (const [field, value] of Object.entries(values) as Array<[F, string]>) {
          const param = params[field];
          if (value === defaults[field]) next.delete(param);
          else if (value.trim() !== '') next.set(param, value);
          else if (blank?.[field] !== undefined) next.set(param, blank[field]!);
          else next.delete(param);
        }
        // A write that changes nothing leaves the URL as it is, and so nothing would clear it.
        lastWrite.current = next.toString() === current ? null : next.toString();
        return next;
      },
      { replace, state },
    );
  }

  // Text typed and not yet written; the timer restarts with each keystroke.
  const pendingText = Object.fromEntries(
    typedFields.filter((field) => draft[field] !== undefined).map((field) => [field, draft[field]]),
  ) as Partial<Record<F, string>>;
  // The text as a value the effect can compare: a keystroke changes it, a re-render does not.
  const pendingKey = JSON.stringify(pendingText);
  const writeTyped = useEffectEvent(() => write(pendingText, true));
  useEffect(() => {
    if (pendingKey === '{}') return;
    const timer = window.setTimeout(() => writeTyped(), FILTER_TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pendingKey]);

  return {
    /** What the URL holds, checked: what the list asks the server for. */
    url,
    /** What the filter bar shows: the URL's values, with the user's typing and choices ahead of it. */
    values: { ...url, ...draft } as Record<F, string>,
    /** Text typed into a field; written once typing pauses. */
    type: (field: F, value: string) => setDraft((current) => ({ ...current, [field]: value })),
    /**
     * Choices (a status, a date), shown and written at once. `replace` overrides pushChoices for one
     * write: a date picker reports each edit, which would fill the history with steps.
     */
    choose: (values: Partial<Record<F, string>>, { replace = !pushChoices }: { replace?: boolean } = {}) => {
      setDraft((current) => ({ ...current, ...values }));
      write(values, replace);
    },
    /** Every field back to its default, typing not yet written included. */
    clear: () => {
      setDraft({ ...defaults });
      write({ ...defaults }, !pushChoices);
    },
  };
}

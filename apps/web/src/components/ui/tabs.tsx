import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem<K extends string> {
  id: K;
  label: string;
  content: ReactNode;
}

interface TabsProps<K extends string> {
  label: string;
  items: ReadonlyArray<TabItem<K>>;
  selected: K;
  onSelect: (id: K) => void;
}

/**
 * WAI-ARIA tabs on Radix: arrow keys, Home and End move between tabs and select them; only the selected
 * tab is in the tab order. On a phone the tabs wrap into rows of pills rather than scroll sideways, so
 * none is cut off and every one is a thumb's tap away; from md up they are the usual underlined row.
 */
export function Tabs<K extends string>({ label, items, selected, onSelect }: TabsProps<K>) {
  const current = items.find((item) => item.id === selected) ?? items[0];
  if (!current) return null;
  return (
    <RadixTabs.Root value={current.id} onValueChange={(value) => onSelect(value as K)}>
      <RadixTabs.List
        aria-label={label}
        className="flex flex-wrap gap-1.5 md:gap-1 md:border-b md:border-slate-200"
      >
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.id}
            value={item.id}
            className="min-h-10 rounded-full border border-slate-200 bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:border-slate-300 hover:text-slate-900 data-[state=active]:border-emerald-700 data-[state=active]:bg-emerald-700 data-[state=active]:text-white md:-mb-px md:min-h-0 md:rounded-none md:border-0 md:border-b-2 md:border-transparent md:bg-transparent md:px-3 md:py-2.5 md:text-slate-600 md:hover:border-slate-300 md:data-[state=active]:border-emerald-600 md:data-[state=active]:bg-transparent md:data-[state=active]:text-emerald-800"
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={current.id} className="pt-5 focus:outline-none">
        {current.content}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}

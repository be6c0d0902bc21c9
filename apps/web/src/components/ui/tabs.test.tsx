import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

const ITEMS = [
  { id: 'inventory', label: 'Inventory', content: <p>Stock lots</p> },
  { id: 'shipping', label: 'Shipping', content: <p>Outgoing shipments</p> },
  { id: 'credit', label: 'Credit Applications', content: <p>Decisioning queue</p> },
] as const;

function Harness() {
  const [selected, setSelected] = useState<(typeof ITEMS)[number]['id']>('inventory');
  return <Tabs label="Supplier workspace" items={ITEMS} selected={selected} onSelect={setSelected} />;
}

describe('Tabs', () => {
  it('shows the selected tab’s panel, labelled by its tab, and switches on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Supplier workspace' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Inventory' })).toHaveTextContent('Stock lots');
    await user.click(screen.getByRole('tab', { name: 'Shipping' }));
    expect(screen.getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Shipping' })).toHaveTextContent('Outgoing shipments');
  });

  it('moves and selects with the arrow keys, Home and End, keeping one tab in the tab order', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const inventory = screen.getByRole('tab', { name: 'Inventory' });
    await user.tab();
    expect(inventory).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Credit Applications' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Decisioning queue');
    await user.keyboard('{Home}');
    expect(inventory).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toEqual([inventory]);
  });
});

import { ORDER_MESSAGES } from '@aduro/shared/orders';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OrderDefaultsCard } from './order-defaults-card';

const label = 'Minimum shelf life at delivery (days)';

describe('OrderDefaultsCard', () => {
  it('waits for the saved default, then shows it with what it promises', async () => {
    const onSave = vi.fn();
    const view = render(<OrderDefaultsCard defaults={undefined} saving={false} onSave={onSave} />);
    expect(screen.getByLabelText(label)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    view.rerender(
      <OrderDefaultsCard defaults={{ defaultMinShelfLifeDays: 180 }} saving={false} onSave={onSave} />,
    );
    await waitFor(() => expect(screen.getByLabelText(label)).toHaveValue(180));
    // The input takes the saved value first; the hint follows on the watcher's next render.
    expect(await screen.findByText('At least 180 days left at delivery')).toBeInTheDocument();
  });

  it('saves a whole number of days from 0 to 1,095 and refuses anything else', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<OrderDefaultsCard defaults={{ defaultMinShelfLifeDays: 0 }} saving={false} onSave={onSave} />);
    const field = screen.getByLabelText(label);
    await waitFor(() => expect(field).toHaveValue(0));
    await user.clear(field);
    await user.type(field, '1096');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ORDER_MESSAGES.minShelfLifeDays)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({ defaultMinShelfLifeDays: 90 });
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './checkbox';

function Harness({ onSubmit }: { onSubmit?: (data: FormData) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <form
      aria-label="Methods"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.(new FormData(event.currentTarget));
      }}
    >
      <Checkbox
        name="cash"
        label="Cash"
        description="Paid on delivery"
        checked={checked}
        onCheckedChange={setChecked}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('Checkbox', () => {
  it('is a labelled checkbox that its label, a click or Space toggles', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('checkbox', { name: 'Cash' });
    expect(box).toHaveAccessibleDescription('Paid on delivery');
    expect(box).not.toBeChecked();
    await user.click(screen.getByText('Cash'));
    expect(box).toBeChecked();
    await user.click(box);
    expect(box).not.toBeChecked();
    box.focus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
  });

  it('still submits its value with the form, through the hidden native input', async () => {
    const user = userEvent.setup();
    let submitted: FormData | undefined;
    render(<Harness onSubmit={(data) => (submitted = data)} />);
    await user.click(screen.getByRole('checkbox', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted?.get('cash')).toBe('on');
  });
});

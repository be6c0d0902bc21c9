import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ControlledBadge } from './controlled-badge';
import { EligibilityNote } from './eligibility-note';
import { MedicineBadges } from './medicine-badges';
import { MedicineClassBadge } from './medicine-class-badge';

describe('MedicineClassBadge', () => {
  it.each([
    ['A', 'POM', 'Prescription-only medicine (class A)'],
    ['B', 'P', 'Pharmacy medicine (class B)'],
    ['C', 'OTC', 'Over the counter (class C)'],
  ] as const)('shows class %s as %s and names it in full for a screen reader', (cls, label, name) => {
    const { container } = render(<MedicineClassBadge medicineClass={cls} />);
    expect(screen.getByText(label)).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(name)).toHaveClass('sr-only');
    expect(screen.getByTitle(name)).toBeInTheDocument();
    expect(container.textContent).toBe(`${label}${name}`);
  });

  it('shows an unclassed product as POM and says it was not classed', () => {
    render(<MedicineClassBadge medicineClass={null} />);
    expect(screen.getByText('POM')).toBeInTheDocument();
    const said = 'Prescription-only medicine (class A) — not classed, treated as prescription-only';
    expect(screen.getByText(said)).toHaveClass('sr-only');
    expect(screen.getByTitle(said)).toHaveAttribute('data-medicine-class', 'A');
  });
});

describe('ControlledBadge', () => {
  it('shows "Controlled" with the kind in its accessible text', () => {
    render(<ControlledBadge controlled="narcotic" />);
    expect(screen.getByText('Controlled')).toBeInTheDocument();
    expect(screen.getByText('Controlled drug (narcotic)')).toHaveClass('sr-only');
    expect(screen.getByTitle('Controlled drug (narcotic)')).toBeInTheDocument();
  });

  it('shows nothing for a product that is not controlled', () => {
    const { container } = render(<ControlledBadge controlled={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('sits beside the class badge in MedicineBadges', () => {
    render(<MedicineBadges product={{ medicineClass: 'A', controlled: 'psychotropic' }} />);
    expect(screen.getByText('POM')).toBeInTheDocument();
    expect(screen.getByText('Controlled drug (psychotropic)')).toBeInTheDocument();
  });
});

describe('EligibilityNote', () => {
  const refused = {
    allowed: false,
    code: 'LICENCE_CLASS_NOT_ALLOWED' as const,
    reason: 'Amoxicillin is POM: an OTC medicine seller may buy only over-the-counter (class C) medicines.',
  };

  it('marks a refused offer with the server’s reason', () => {
    render(<EligibilityNote eligibility={refused} />);
    const note = screen.getByText(refused.reason).closest('p');
    expect(note).toHaveTextContent(`You may not buy this yet: ${refused.reason}`);
    expect(note).toHaveAttribute('data-eligibility', 'LICENCE_CLASS_NOT_ALLOWED');
  });

  it('compact, shows a short mark and keeps the reason for a screen reader and the tooltip', () => {
    render(<EligibilityNote eligibility={refused} compact />);
    expect(screen.getByText('Can’t buy yet')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(`You may not buy this yet: ${refused.reason}`)).toHaveClass('sr-only');
    expect(screen.getByTitle(refused.reason)).toBeInTheDocument();
  });

  it('shows nothing for an allowed offer or an unknown eligibility', () => {
    const { container, rerender } = render(
      <EligibilityNote eligibility={{ allowed: true, code: null, reason: null }} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<EligibilityNote eligibility={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

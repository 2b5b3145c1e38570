// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCurrencySwitch } from './use-currency-switch';

afterEach(cleanup);

/** An amount field of a cashier form, over the wallet's active currency as the test sets it. */
function AmountField({ code }: { code: string | null }) {
  const [amount, setAmount] = useState('');
  useCurrencySwitch(code, () => setAmount(''));
  return <input aria-label="Amount" value={amount} onChange={(event) => setAmount(event.target.value)} />;
}

const typed = () => (screen.getByLabelText('Amount') as HTMLInputElement).value;

describe('a cashier form over a change of currency', () => {
  it('keeps what was typed when the wallet is briefly without a currency and comes back with the same', () => {
    const { rerender } = render(<AmountField code="EUR" />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    rerender(<AmountField code={null} />);
    rerender(<AmountField code="EUR" />);
    expect(typed()).toBe('100');
  });

  it('starts afresh on a switch to another currency, even by way of none', () => {
    const { rerender } = render(<AmountField code="EUR" />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    rerender(<AmountField code="USD" />);
    expect(typed()).toBe('');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '40' } });
    rerender(<AmountField code={null} />);
    rerender(<AmountField code="GBP" />);
    expect(typed()).toBe('');
  });

  it('keeps what was typed when the first currency arrives after the form showed', () => {
    const { rerender } = render(<AmountField code={null} />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '25' } });
    rerender(<AmountField code="EUR" />);
    expect(typed()).toBe('25');
  });
});

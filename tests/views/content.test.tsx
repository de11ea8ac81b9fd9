import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ProductInfo } from '../../contract/products';
import { HelpView } from '../../src/flows/personal/HelpView';
import { ProductView } from '../../src/flows/product/ProductView';

describe('Help', () => {
  const items = [
    { title: 'Who can borrow?', content: 'Indian citizens aged 18 or above.' },
    { title: 'Is <b>HTML</b> shown?', content: 'Text like <img src=x onerror=alert(1)> stays text.' },
    { title: 'How do I repay?', content: 'From the order page.' },
  ];

  it('the first item starts open; a click toggles an item; server text is text', async () => {
    const user = userEvent.setup();
    const { container } = render(<HelpView items={items} />);
    const details = [...container.querySelectorAll('details')];
    expect(details.map((d) => d.open)).toEqual([true, false, false]);
    await user.click(screen.getByText('How do I repay?'));
    expect(details[2]?.open).toBe(true);
    await user.click(screen.getByText('Who can borrow?'));
    expect(details[0]?.open).toBe(false);
    expect(screen.getByText('Is <b>HTML</b> shown?')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });
});

describe('Product detail', () => {
  const info = v.parse(ProductInfo, {
    amountList: [1000, 40000, 5000],
    period: 91,
    interestRate: 0.0005,
    loanProcessingTime: '2 hours',
    score: 4.7,
    slogan: 'Money when you need it',
    detail: [
      { title: 'Product Eligibility', content: ['Indian citizen aged 18 or above', 'Monthly income above ₹15,000'] },
      { title: 'Requirement', content: ['Aadhaar and PAN'] },
    ],
  });

  it('shows max amount, lending time, period, rating, interest per day, both lists and APPLY NOW', () => {
    const { hook } = memoryLocation({ path: '/product/3' });
    render(
      <Router hook={hook}>
        <ProductView pid="3" info={info} />
      </Router>,
    );
    expect(screen.getByText('₹40,000')).toBeTruthy();
    expect(screen.getByText('2 hours')).toBeTruthy();
    expect(screen.getByText('91 days')).toBeTruthy();
    expect(screen.getByLabelText('4.7 out of 5')).toBeTruthy();
    expect(screen.getByText('0.05% / day')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Product Eligibility' }).textContent).toContain('Monthly income above ₹15,000');
    expect(screen.getByRole('region', { name: 'Requirement' }).textContent).toContain('Aadhaar and PAN');
    expect(screen.getByRole('link', { name: 'APPLY NOW' }).getAttribute('href')).toBe('/auth/index?pid=3');
  });
});

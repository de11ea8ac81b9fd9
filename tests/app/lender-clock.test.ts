/** src/lib/lender-clock.ts: the lender's time from each answer's Date header, counted on the device's clock. */
import { describe, expect, it } from 'vitest';
import { createLenderClock } from '../../src/lib/lender-clock';

describe('the lender clock', () => {
  it('is the device clock until a Date header is seen', () => {
    let device = 1_000_000;
    const clock = createLenderClock(() => device);
    expect(clock.now()).toBe(1_000_000);
    clock.observe(null, device);
    clock.observe('', device);
    clock.observe('not a date', device);
    device += 500;
    expect(clock.now()).toBe(1_000_500);
  });

  it("follows the header's time from when the answer arrived, and keeps running with the device", () => {
    let device = Date.UTC(2025, 5, 12, 10, 0, 0);
    const clock = createLenderClock(() => device);
    // The lender (e.g. a sandbox whose clock QA moved) is 25 hours ahead.
    clock.observe('Fri, 13 Jun 2025 11:00:00 GMT', device);
    expect(clock.now()).toBe(Date.UTC(2025, 5, 13, 11, 0, 0));
    device += 90_000;
    expect(clock.now()).toBe(Date.UTC(2025, 5, 13, 11, 1, 30));
    // A device clock that is behind: the lender's time still wins.
    clock.observe('Thu, 12 Jun 2025 09:00:00 GMT', device);
    expect(clock.now()).toBe(Date.UTC(2025, 5, 12, 9, 0, 0));
  });

  it('a header within the same second as the device keeps the device reading (headers have whole seconds)', () => {
    let device = Date.UTC(2025, 5, 12, 10, 0, 0) + 700;
    const clock = createLenderClock(() => device);
    clock.observe('Thu, 12 Jun 2025 10:00:00 GMT', device);
    expect(clock.now()).toBe(device);
    // Once far off, then back in step: the offset is dropped again.
    clock.observe('Thu, 12 Jun 2025 12:00:00 GMT', device);
    expect(clock.now()).toBe(Date.UTC(2025, 5, 12, 12, 0, 0));
    device += 1000;
    clock.observe('Thu, 12 Jun 2025 10:00:01 GMT', device);
    expect(clock.now()).toBe(device);
  });
});

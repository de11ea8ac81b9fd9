/**
 * The application machine's generated paths replayed against the rendered confirmation page, in
 * StrictMode and normal mode: after every step, what the borrower sees matches the state; by the
 * end the page made exactly the precheck, page, calculate and apply requests the path calls for
 * (StrictMode's aborted first mount aside), every apply of one intent carried the same key, and
 * the navigations were the path's, each replacing the page.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ApplyPayload, CalculateQuery, CalculationResult, Precheck } from '../../contract/loans';
import { applicationMachine, type ApplicationDraft, type ApplicationInput, type ApplicationLoaded } from '../../machines/application/application.machine';
import { cases, DENIED, inputs, OPEN_ORDER, PRODUCT, serialize } from '../../machines/application/application.cases';
import { CALCULATE_DEBOUNCE_MS, LEAVE_AFTER_APPLY_MS, maskCardNo } from '../../machines/application/application.rules';
import type { Said } from '../../i18n/core';
import { applicationText, type ApplicationKey } from '../../i18n/en/application';
import { kfsText } from '../../i18n/en/kfs';
import { textFor } from '../../src/ui/text';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import type { NavigateParams } from '../../machines/shared/navigation';
import { ApplicationFlow } from '../../src/flows/application/ConfirmRoute';
import { formatINR } from '../../src/lib/money';
import { fakeCalls, type Deferred } from '../support/fakes';
import type { LenderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const paths = generatePaths(applicationMachine, { cases, inputs, serialize });

/** What the machine said, in English (the spec's texts). */
const english = (said: Said<ApplicationKey> | null) => (said ? textFor(applicationText, 'en').said(said) : null);

/** [0, 0, 1]: which keys are the same, whatever the id source. */
const pattern = (keys: readonly (string | null)[]) => keys.map((k) => keys.indexOf(k));

const one = <T extends Element>(selector: string): T | null => document.body.querySelector<T>(selector);

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('application paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const user = userEvent.setup({ delay: null });
    const clock = new SimulatedClock();
    const fakes = {
      precheck: fakeCalls<Precheck, { pid: string }>(),
      loadPage: fakeCalls<ApplicationLoaded, { pid: string }>(),
      calculate: fakeCalls<CalculationResult, CalculateQuery>(),
      apply: fakeCalls<void, { payload: ApplyPayload; idempotencyKey: string }>(),
      issueKfs: fakeCalls<Offered<LenderKfs>, { productId: string; amount: number }>(),
      acknowledgeKfs: fakeCalls<LenderKfs, { kfsNo: string }>(),
    };
    const navigations: NavigateParams[] = [];
    const drafts: (ApplicationDraft | null)[] = [];
    const machine = applicationMachine.provide({
      actors: {
        precheck: fakes.precheck.actor,
        loadPage: fakes.loadPage.actor,
        calculate: fakes.calculate.actor,
        apply: fakes.apply.actor,
        issueKfs: fakes.issueKfs.actor,
        acknowledgeKfs: fakes.acknowledgeKfs.actor,
      },
      actions: {
        navigate: (_, p) => void navigations.push(p),
        persistDraft: (_, { draft }) => void drafts.push(draft),
        clearDraft: () => void drafts.push(null),
      },
    });
    const expected: string[] = [];
    const settle = async (c: ActorDoneCase | ActorErrorCase, calls: { pending: () => Deferred<never> }) => {
      await waitFor(() => calls.pending());
      await act(async () => ('output' in c ? calls.pending().resolve(c.output as never) : calls.pending().reject(c.error)));
    };
    const input = path.input as ApplicationInput;
    const kfsBox = () => one<HTMLInputElement>('section[aria-label="Key Fact Statement"] input[type="checkbox"]')!;

    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const { hook } = memoryLocation({ path: '/product/1/detail' });
          const tree = (
            <Router hook={hook}>
              <ApplicationFlow machine={machine} pid={input.pid} bankId={input.bankId} draft={input.draft ?? null} today={input.today} clock={clock} />
            </Router>
          );
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.precheck': async (e) => {
          await settle(e as ActorDoneCase, fakes.precheck as never);
          const out = (e as ActorDoneCase<Precheck>).output;
          if (out === DENIED) expected.push('/product/1/denied?day=14&hour=6');
          if (out === OPEN_ORDER) expected.push('/orders?blocked=1');
        },
        'xstate.error.actor.precheck': (e) => settle(e as ActorErrorCase, fakes.precheck as never),
        'xstate.done.actor.loadPage': (e) => settle(e as ActorDoneCase, fakes.loadPage as never),
        'xstate.error.actor.loadPage': (e) => settle(e as ActorErrorCase, fakes.loadPage as never),
        'page.retried': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'amount.changed': (e) => {
          fireEvent.change(one('input[type="range"]')!, { target: { value: String(PRODUCT.amountList.indexOf(e.amount)) } });
        },
        'xstate.after.calculateDebounce.application.confirming.calculation.debouncing': () => act(() => clock.increment(CALCULATE_DEBOUNCE_MS)),
        'xstate.done.actor.calculate': (e) => settle(e as ActorDoneCase, fakes.calculate as never),
        'xstate.error.actor.calculate': (e) => settle(e as ActorErrorCase, fakes.calculate as never),
        'xstate.done.actor.issueKfs': (e) => settle(e as ActorDoneCase, fakes.issueKfs as never),
        'xstate.error.actor.issueKfs': (e) => settle(e as ActorErrorCase, fakes.issueKfs as never),
        'xstate.done.actor.acknowledgeKfs': (e) => settle(e as ActorDoneCase, fakes.acknowledgeKfs as never),
        'xstate.error.actor.acknowledgeKfs': (e) => settle(e as ActorErrorCase, fakes.acknowledgeKfs as never),
        'calculation.retried': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'card.selected': (e) => user.selectOptions(one<HTMLSelectElement>('section[aria-label="Bank account"] select')!, e.cardId),
        'autoGetMoney.toggled': () => user.click(one('input[role="switch"]')!),
        'kfs.toggled': async (e) => {
          // Unticking a box that is not ticked changes nothing: there is nothing to tap.
          if (kfsBox().checked !== e.accepted) await user.click(kfsBox());
        },
        'apply.tapped': () => user.click(screen.getByRole('button', { name: 'APPLY NOW' })),
        'xstate.done.actor.apply': (e) => settle(e as ActorDoneCase, fakes.apply as never),
        'xstate.error.actor.apply': (e) => settle(e as ActorErrorCase, fakes.apply as never),
        'xstate.after.leaveAfterApply.application.confirming.submission.applied': () => {
          act(() => clock.increment(LEAVE_AFTER_APPLY_MS));
          expected.push('/orders?submitted=1');
        },
      },
      assert: async (s) => {
        const c = s.context;
        if (s.hasTag('loading')) expect(screen.getByRole('status').textContent).toContain('Checking your application…');
        if (s.hasTag('failed')) expect(screen.getByRole('alert').textContent).toContain(english(c.loadError) ?? '');
        expect(one('.application-body') !== null).toBe(s.hasTag('confirming'));
        if (s.hasTag('confirming')) {
          expect(one('.amount-slider-value')!.textContent).toBe(formatINR(c.amount!));
          const repayment = one('.application-figures dd')!.textContent;
          expect(repayment).toBe(c.figures ? formatINR(c.figures.repaymentAmount) : '…');
          expect(screen.queryByText('Calculating…') !== null).toBe(s.hasTag('calculating'));
          if (s.hasTag('calculateFailed')) expect(screen.getByText(english(c.calculateError)!)).toBeTruthy();
          const table = one('table.kfs');
          expect(table !== null).toBe(c.figures !== null);
          if (table && c.figures) {
            expect(table.textContent).toContain(formatINR(c.amount! - c.figures.serviceFee - c.figures.gstFee));
            expect(table.textContent).toContain('Annual Percentage Rate (APR)');
            expect(table.textContent!.includes(kfsText.en.notProvided)).toBe(c.config?.lender === null);
            // The lender's number and validity head it where the lender issued one.
            expect(table.textContent!.includes(kfsText.en.number)).toBe(c.lenderKfs !== null);
            if (c.lenderKfs) expect(table.textContent).toContain(c.lenderKfs.kfsNo);
          }
          expect(kfsBox().checked).toBe(c.acknowledged);
          expect(kfsBox().disabled).toBe(c.figures === null || s.hasTag('issuingKfs') || s.hasTag('applying') || s.hasTag('applied'));
          expect(one<HTMLInputElement>('input[role="switch"]')!.checked).toBe(c.autoGetMoney === 1);
          const select = one<HTMLSelectElement>('section[aria-label="Bank account"] select');
          if (c.cards.length) {
            expect(select!.value).toBe(c.cardId);
            expect(select!.textContent).toContain(maskCardNo(c.cards[0]!.cardNo));
            expect(select!.textContent).not.toContain(c.cards[0]!.cardNo);
            expect(screen.getByRole('link', { name: 'Choose or add a bank account' }).getAttribute('href')).toBe('/bank?pid=1');
          } else {
            expect(select).toBeNull();
            expect(screen.getByRole('link', { name: 'Add bank account' }).getAttribute('href')).toBe('/bank/add?pid=1');
          }
          const notice = one('.application-notice');
          expect(notice?.textContent ?? null).toBe(english(c.notice));
          const button = screen.getByRole('button', { name: 'APPLY NOW' });
          expect(button.getAttribute('aria-busy') === 'true').toBe(s.hasTag('applying') || s.hasTag('applied'));
          if (s.hasTag('applying')) expect(drafts.at(-1)?.idempotencyKey).toBeTruthy();
          if (s.hasTag('applied')) expect(drafts.at(-1)).toBeNull();
        }
        await waitFor(() => expect(navigations.map((n) => n.to)).toEqual(expected));
      },
    });
    // The requests the path makes, no more: StrictMode's first mount starts the precheck and the page load once more (aborted).
    const extra = strict ? 1 : 0;
    expect(fakes.precheck.all().length).toBe(invocations(path.steps, 'precheck') + extra);
    expect(fakes.loadPage.all().length).toBe(invocations(path.steps, 'loadPage') + extra);
    expect(fakes.calculate.all().length).toBe(invocations(path.steps, 'calculate'));
    expect(fakes.apply.all().length).toBe(invocations(path.steps, 'apply'));
    expect(fakes.issueKfs.all().length).toBe(invocations(path.steps, 'issueKfs'));
    expect(fakes.acknowledgeKfs.all().length).toBe(invocations(path.steps, 'acknowledgeKfs'));
    // The apply names the lender's KFS acknowledged, where there is one.
    for (const call of fakes.apply.all()) expect('kfsNo' in call.input.payload).toBe(path.steps.some((st) => st.event.type === 'xstate.done.actor.acknowledgeKfs'));
    // Every calculation is for the product's period; every apply of one intent carries one key.
    for (const call of fakes.calculate.all()) expect(call.input.period).toBe(PRODUCT.period);
    const modelKeys = path.steps.filter((st, i) => st.state.children.apply && st.state.children.apply !== path.steps[i - 1]?.state.children.apply).map((st) => st.state.context.idempotencyKey);
    expect(pattern(fakes.apply.all().map((c) => c.input.idempotencyKey))).toEqual(pattern(modelKeys));
    expect(navigations.every((n) => n.replace === true)).toBe(true);
  });
});

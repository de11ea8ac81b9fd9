/**
 * The figures of the chosen amount and the lender's KFS of it, asked side by side (neither needs the
 * other's answer). Written apart so the chart reads in parts; application.machine.ts composes it back
 * with its own setup, so the machine's id, states and implementations are those of one chart.
 */
import { assign } from 'xstate';
import { saidOf } from '../../i18n/core';
import type { ApplicationKey } from '../../i18n/en/application';
import type { ApplicationSetup } from './application.machine';

/** The calculation's `loading` state: the figures and the KFS, in parallel. */
export function figuresAndKfs(application: ApplicationSetup) {
  return application.createStateConfig({
    description:
      "The figures and the lender's KFS of the amount, asked side by side (neither needs the other's answer): the page is ready when both have answered.",
    type: 'parallel',
    onDone: 'ready',
    states: {
      figures: {
        description: "GET /order/v1/calculate for the amount and the product's period.",
        initial: 'asking',
        states: {
          asking: {
            description: 'Asking the repayment, interest and fees of the amount.',
            tags: ['calculating'],
            invoke: {
              id: 'calculate',
              src: 'calculate',
              input: ({ context }) => ({ amount: context.amount ?? 0, period: context.product?.period ?? 0, productId: context.pid }),
              onDone: { target: 'done', actions: assign({ figures: ({ event }) => event.output }) },
              onError: {
                target: '#application.confirming.calculation.failed',
                description: 'No figures: the KFS being issued is dropped with them (Try again asks both).',
                actions: assign({ calculateError: ({ event }) => saidOf<ApplicationKey>(event.error, 'calculateFailed') }),
              },
            },
          },
          done: { description: 'The figures are here.', type: 'final' },
        },
      },
      kfs: {
        description: "POST /kfs/v1/issue (beyond the spec): the lender's numbered KFS of this amount, with its validity.",
        initial: 'issuing',
        states: {
          issuing: {
            description: 'The lender numbers its KFS of the amount.',
            tags: ['issuingKfs'],
            invoke: {
              id: 'issueKfs',
              src: 'issueKfs',
              input: ({ context }) => ({ productId: context.pid, amount: context.amount ?? 0 }),
              onDone: [
                {
                  guard: ({ event }) => event.output.offered,
                  target: 'issued',
                  description: "The lender's KFS: a new one is a new intent (the apply names it), so the key goes.",
                  actions: assign({ lenderKfs: ({ event }) => (event.output.offered ? event.output.value : null), idempotencyKey: null }),
                },
                { target: 'issued', description: "Not offered: the app's own KFS, built from the figures." },
              ],
              onError: { target: 'issued', description: "Not issued: the app's own KFS; the lender still checks its own at Get Money." },
            },
          },
          issued: { description: "The lender's KFS is here, or the app's own will be shown.", type: 'final' },
        },
      },
    },
  });
}

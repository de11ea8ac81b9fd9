import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { IFSC_PATTERN } from '../../contract/bank';
import { afterBind, bankAddMachine } from '../../machines/bank/bank-add.machine';
import { ACCOUNT, cases, DRAFT_KEY, IFSC, inputs, NEW_CARD, serialize } from '../../machines/bank/bank-add.cases';
import { bankText } from '../../i18n/en/bank';
import { accountText, bindPayload, fieldProblem, firstProblem, IFSC_RULE, ifscText } from '../../machines/bank/bank-add.rules';
import { bankOf, lastDigits, maskedAccount } from '../../machines/bank/bank.rules';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(bankAddMachine, { cases, inputs, serialize });

describe('bank add rules', () => {
  it('has the spec messages verbatim', () => {
    expect(bankText.en.ifscMissing).toBe('Please input Ifsc Code');
    expect(bankText.en.accountMissing).toBe('Please input Bank Account');
    expect(bankText.en.confirmMissing).toBe('Please input Confirm Account');
    expect(bankText.en.confirmDiffers).toBe('Please Confirm Account');
  });

  it('checks the IFSC with the contract pattern', () => {
    expect(IFSC_RULE.source).toBe(IFSC_PATTERN.source);
    for (const code of ['SBIN0001234', 'HDFC0ABC123']) expect(fieldProblem({ ifsc: code, account: '', confirm: '' }, 'ifsc')).toBeNull();
    for (const code of ['SBIN1001234', 'SBI00001234', 'SBIN000123']) expect(fieldProblem({ ifsc: code, account: '', confirm: '' }, 'ifsc')).toBe('ifscMalformed');
  });

  it('keeps an upper-cased IFSC of at most 11 letters and digits, and accounts of at most 19 digits', () => {
    expect(ifscText(' sbin-0001234x ')).toBe('SBIN0001234');
    expect(accountText('1234 5678-9012 3456 7890 12')).toBe('1234567890123456789');
    expect(accountText('12ab34')).toBe('1234');
  });

  it('says what is wrong with each field, in the order of the form', () => {
    expect(firstProblem({ ifsc: '', account: '', confirm: '' })).toBe('ifsc');
    expect(firstProblem({ ifsc: IFSC, account: '', confirm: '' })).toBe('account');
    expect(fieldProblem({ ifsc: IFSC, account: ACCOUNT, confirm: '' }, 'confirm')).toBe('confirmMissing');
    expect(fieldProblem({ ifsc: IFSC, account: ACCOUNT, confirm: '1' }, 'confirm')).toBe('confirmDiffers');
    expect(firstProblem({ ifsc: IFSC, account: ACCOUNT, confirm: ACCOUNT })).toBeNull();
  });

  it('builds the bind payload (productId only with a product) and the way back', () => {
    const values = { ifsc: IFSC, account: ACCOUNT, confirm: ACCOUNT };
    expect(bindPayload(values, '3', 'app')).toEqual({ bankCode: IFSC, cardNo: ACCOUNT, confirmCardNo: ACCOUNT, productId: '3', clientId: 'app' });
    expect(bindPayload(values, '', 'app')).toEqual({ bankCode: IFSC, cardNo: ACCOUNT, confirmCardNo: ACCOUNT, clientId: 'app' });
    expect(afterBind('3', NEW_CARD)).toBe('/product/3/detail?bank_id=501');
    expect(afterBind('', NEW_CARD)).toBe('/');
  });

  it('shows a card masked, with its bank', () => {
    expect(maskedAccount('123456789012')).toBe('•••• 9012');
    expect(maskedAccount('XXXXXXXX9012')).toBe('•••• 9012');
    expect(lastDigits('12')).toBe('12');
    expect(bankOf({ id: '1', cardNo: '1', bankCode: 'SBIN0001234' })).toBe('State Bank of India');
    expect(bankOf({ id: '1', cardNo: '1', bankCode: 'ABCD0001234' })).toBe('ABCD');
    expect(bankOf({ id: '1', cardNo: '1', bankCode: 'SBIN0001234', bankName: 'SBI, MG Road' })).toBe('SBI, MG Road');
  });
});

describe('bank add machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(bankAddMachine, paths);
    expect(coverage.missing, formatCoverage('bank-add', coverage)).toEqual([]);
  });

  it('starts from the query and the draft', () => {
    const start = (name: keyof typeof inputs) => createActor(bankAddMachine, { input: inputs[name] }).getSnapshot().context;
    expect(start('fromFinder').values).toEqual({ ifsc: IFSC, account: ACCOUNT, confirm: '' });
    expect(start('reloadedWhileSending').idempotencyKey).toBe(DRAFT_KEY);
    // Another IFSC from the finder is another request: the unanswered key goes.
    expect(start('otherIfscFromFinder').idempotencyKey).toBeNull();
    expect(start('otherIfscFromFinder').values.ifsc).toBe('HDFC0000001');
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    let previous = path.steps[0]!.state;
    for (const { state, event } of path.steps) {
      if (state.matches('submitting')) {
        expect(state.context.idempotencyKey).not.toBeNull();
        expect(firstProblem(state.context.values)).toBeNull();
        // The same answers after a failure, or a reload: the same key.
        if (previous.matches('editing') && previous.context.idempotencyKey !== null) expect(state.context.idempotencyKey).toBe(previous.context.idempotencyKey);
      }
      if (state.matches('done')) expect(state.context.idempotencyKey).toBeNull();
      if (event.type === 'xstate.error.actor.bind') expect(state.context.idempotencyKey).toBe(previous.context.idempotencyKey);
      expect(state.hasTag('submitting')).toBe(state.matches('submitting') || state.matches('done'));
      previous = state;
    }
  });

  it('runs with provided effects: one bind, the draft cleared, the confirmation replacing the page', async () => {
    const log: string[] = [];
    const actor = createActor(
      bankAddMachine.provide({
        actors: { bind: fromPromise(async ({ input }) => (log.push(`bind ${input.idempotencyKey} ${input.payload.cardNo}`), NEW_CARD)) },
        actions: {
          navigate: (_, { to, replace }) => log.push(`${replace ? 'replace' : 'push'} ${to}`),
          clearDraft: () => log.push('clear'),
          persistDraft: () => {},
        },
      }),
      { input: inputs.reloadedWhileSending },
    ).start();
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'form.submitted' });
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual([`bind ${DRAFT_KEY} ${ACCOUNT}`, 'clear', 'replace /product/3/detail?bank_id=501']);
  });
});

/**
 * The contract (contract/*.ts), read the way the app reads a backend's answers and the sandbox
 * reads requests:
 * - every field whose shape the spec does not give takes any JSON value: what the app understands
 *   is read, anything else is the field's default, never an error (one test per field, each with an
 *   object, a list, null, a text, a boolean and a number where another shape was expected);
 * - what the app cannot work without stays required, and its absence names the field;
 * - request shapes: ids as strings, numbers from query strings, a missing field named.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Country } from '../../contract/analytics';
import { LoginResponse } from '../../contract/auth';
import { BankBindPayload, BankCard, BankCardList, BankName, BankNameList, Branch, BranchList, NamedPlace, NamedPlaceList } from '../../contract/bank';
import { Envelope, IdempotencyKey } from '../../contract/common';
import { AboutUs, ClientConfig, FeedbackForm, HelpItem, HelpList } from '../../contract/content';
import { DeviceInfo, DownloadCheck, NeedUpload } from '../../contract/device';
import { ExtensionActionPayload, ExtensionInfo } from '../../contract/extension';
import { HomeProduct, HomeResponse, InProgressItem } from '../../contract/home';
import { CalculateQuery, CalculationResult, Precheck, PrecheckQuery } from '../../contract/loans';
import { Order, OrderActionPayload, OrderList, OrderListItem, PaymentUrl } from '../../contract/orders';
import { PaidOff, PaymentRecord } from '../../contract/payments';
import { ProductDetailSection, ProductInfo } from '../../contract/products';
import { CancelScheduledOrderPayload, ScheduledOrder, ScheduledOrderList } from '../../contract/schedule';
import {
  AadhaarSendOtp,
  AuthPageField,
  AuthPageInfo,
  DictionaryItem,
  ErrorColumns,
  FaceResult,
  KycAuthConfig,
  LivingCheck,
  LivingCheckConfig,
  OcrResult,
  Place,
  PlaceList,
  VerificationStatus,
  WorkPageInfo,
} from '../../contract/verification';

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : r.issues.map((i) => `${v.getDotPath(i) ?? ''}: ${i.message}`);
};

/** The odd shapes a backend may send where the spec names a field but not its shape. */
const ODD = {
  object: { type: 'h5' },
  list: [1, 2],
  null: null,
  text: 'h5',
  boolean: true,
  number: 7,
} as const;
type Odd = keyof typeof ODD;
/** What a field reads for each odd shape, and for the field left out (`missing`; undefined: left out). */
type Reading = Record<Odd | 'missing', unknown>;

/** The readings of each kind of lenient field (contract/common.ts). */
const TEXT: Reading = { object: '', list: '', null: '', text: 'h5', boolean: '', number: '7', missing: '' };
const OPTIONAL_TEXT: Reading = { object: null, list: null, null: null, text: 'h5', boolean: null, number: '7', missing: undefined };
const OPTIONAL_NUM: Reading = { object: null, list: null, null: null, text: null, boolean: null, number: 7, missing: undefined };
const OPTIONAL_ID: Reading = { object: null, list: null, null: null, text: 'h5', boolean: null, number: '7', missing: undefined };
const OPTIONAL_CODE: Reading = { object: null, list: null, null: null, text: null, boolean: 1, number: 7, missing: undefined };
const CODE_OR_0: Reading = { object: 0, list: 0, null: 0, text: 0, boolean: 1, number: 7, missing: 0 };
const FLAG: Reading = { object: false, list: false, null: false, text: false, boolean: true, number: false, missing: false };
const OPTIONAL_FLAG: Reading = { object: null, list: null, null: null, text: null, boolean: true, number: null, missing: undefined };
/** A list: anything but a list is [] (the odd `list` [1, 2] is a list of numbers where objects belong: see 'required'). */
const LIST: Reading = { object: [], list: 'error', null: [], text: [], boolean: [], number: [], missing: [] };
const NUMBERS: Reading = { object: [], list: [1, 2], null: [], text: [], boolean: [], number: [], missing: [] };
const LINES: Reading = { object: [], list: ['1', '2'], null: [], text: ['h5'], boolean: [], number: [], missing: [] };
const ANY: Reading = { ...ODD, missing: undefined };
/** A nested object: an object is read with its own defaults (loose: extra fields kept); anything else is null. */
const objectOf = (readAsObject: Record<string, unknown>): Reading => ({
  object: { type: 'h5', ...readAsObject },
  list: null,
  null: null,
  text: null,
  boolean: null,
  number: null,
  missing: undefined,
});

/** One lenient field: its schema, a valid answer around it, where it is, how it reads, and what else it understands. */
interface LenientField {
  name: string;
  schema: v.GenericSchema;
  base: unknown;
  path: readonly (string | number)[];
  reading: Reading;
  /** Values of the right shape, or close to it, and what they read as. */
  understood?: readonly (readonly [unknown, unknown])[];
  /** Where the field's value shows in the output, when not at `path` (a transformed answer). */
  out?: (output: unknown) => unknown;
}

const ORDER_LIST_ITEM = { orderId: '11', orderState: 1, loanAmount: 5000 };
const ORDER = { orderId: '11', orderState: 6, loanAmount: 5000, period: 91 };
const HOME_PRODUCT = { id: 1, maxAmount: 20000, period: 91, rate: 0.001 };
const EXTENSION = { extensionId: 1, orderRepayId: 2, extensionFee: 900, extensionFeePaid: 0, extensionServiceFee: 500, extensionRate: 0.1, interest: 400, extensionDay: 7 };
const CALCULATION = { repaymentAmount: 21638, serviceFee: 1600, gstFee: 288, interest: 1638 };
const PRODUCT = { amountList: [1000], period: 91, interestRate: 0.0009 };
const SCHEDULED = { id: 4, productId: 1, state: 0, expectBorrowAmount: 5000 };
const STATUS = { userAuthConfigVoList: [{ key: 'face' }], basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 0, contact: 1 };
const FIELD = { key: 'PIN code', value: 'pinCode', dataType: 1 };
const PAYMENT = { id: 'pay_1' };

const at = (root: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((x, k) => (x === null || x === undefined ? undefined : (x as Record<string | number, unknown>)[k]), root);
/** `base` with the field at `path` set to `value` (or left out). */
function withField(base: unknown, path: readonly (string | number)[], value: unknown, leaveOut = false): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((x, k) => x[k] as Record<string | number, unknown>, copy);
  const key = path[path.length - 1]!;
  if (leaveOut) delete parent[key];
  else parent[key] = value;
  return copy;
}

const f = (name: string, schema: v.GenericSchema, base: unknown, path: readonly (string | number)[], reading: Reading, more: Partial<LenientField> = {}): LenientField => ({
  name,
  schema,
  base,
  path,
  reading,
  ...more,
});
const texts = (entity: string, schema: v.GenericSchema, base: unknown, names: readonly string[], prefix: readonly (string | number)[] = []) =>
  names.map((n) => f(`${entity}.${[...prefix, n].join('.')}`, schema, base, [...prefix, n], TEXT));
const nums = (entity: string, schema: v.GenericSchema, base: unknown, names: readonly string[]) =>
  names.map((n) => f(`${entity}.${n}`, schema, base, [n], OPTIONAL_NUM, { understood: [['12.5', 12.5], [' 3 ', 3]] }));

const CODE_UNDERSTOOD = [['2', 2], [false, 0], [0, 0]] as const;
const FLAG_UNDERSTOOD = [[1, true], ['1', true], [' TRUE ', true], ['true', true], [false, false], [0, false], ['0', false], ['false', false], [2, false], ['yes', false]] as const;

const LENIENT: LenientField[] = [
  // common
  f('Envelope.msg', Envelope, { code: 0 }, ['msg'], TEXT),
  // auth
  f('LoginResponse.isRegister', LoginResponse, { token: 't0k3n' }, ['isRegister'], ANY),
  // bank
  ...texts('BankCard', BankCard, { id: 1 }, ['cardNo', 'bankCode']),
  f('BankCardList', BankCardList, [], [], LIST),
  ...texts('BankName', BankName, { id: 1 }, ['bankName']),
  f('BankNameList', BankNameList, [], [], LIST),
  ...texts('NamedPlace', NamedPlace, { id: 1 }, ['name']),
  f('NamedPlaceList', NamedPlaceList, [], [], LIST),
  ...texts('Branch', Branch, { id: 1, ifsc: 'SBIN0001234' }, ['name']),
  f('BranchList', BranchList, [], [], LIST),
  // content
  ...texts('HelpItem', HelpItem, {}, ['title', 'content']),
  f('HelpList', HelpList, [], [], LIST),
  ...texts('AboutUs', AboutUs, {}, ['appName', 'copywriting']),
  f('ClientConfig.customer', ClientConfig, {}, ['customer'], { ...objectOf({ phone: '', email: '' }), missing: null }),
  ...texts('ClientConfig', ClientConfig, { customer: {} }, ['phone', 'email'], ['customer']),
  f('ClientConfig.lender', ClientConfig, {}, ['lender'], { ...objectOf({ name: '', rbiRegistration: '', address: '', website: '' }), missing: null }),
  ...texts('ClientConfig', ClientConfig, { lender: {} }, ['name', 'rbiRegistration', 'address', 'website'], ['lender']),
  f('ClientConfig.grievanceOfficer', ClientConfig, {}, ['grievanceOfficer'], { ...objectOf({ name: '', phone: '', email: '', address: '' }), missing: null }),
  ...texts('ClientConfig', ClientConfig, { grievanceOfficer: {} }, ['name', 'phone', 'email', 'address'], ['grievanceOfficer']),
  ...nums('ClientConfig', ClientConfig, {}, ['penalChargePerDay', 'coolingOffDays']).map((x) => ({ ...x, reading: { ...x.reading, missing: null } })),
  ...nums('ClientConfig', ClientConfig, {}, ['foreclosureFee']),
  // device
  ...texts('DeviceInfo', DeviceInfo, {}, ['sign', 'deviceId', 'version', 'idfv', 'idfa', 'systemVersion', 'model']),
  f('DownloadCheck.accordWith', DownloadCheck, {}, ['accordWith'], FLAG, { understood: FLAG_UNDERSTOOD }),
  f('NeedUpload', NeedUpload, [], [], LIST),
  ...texts('NeedUpload', NeedUpload, [{ needUpload: 1 }], ['type'], [0]),
  f('NeedUpload.0.needUpload', NeedUpload, [{ type: 'gps' }], [0, 'needUpload'], CODE_OR_0, { understood: CODE_UNDERSTOOD }),
  // extension
  ...texts('ExtensionInfo', ExtensionInfo, EXTENSION, ['extensionApplyTime', 'extensionTime']),
  // home
  ...texts('HomeProduct', HomeProduct, HOME_PRODUCT, ['name', 'logo', 'h5Href']),
  f('HomeProduct.isFull', HomeProduct, HOME_PRODUCT, ['isFull'], CODE_OR_0, { understood: CODE_UNDERSTOOD }),
  f('HomeProduct.productType', HomeProduct, HOME_PRODUCT, ['productType'], OPTIONAL_CODE, { understood: CODE_UNDERSTOOD }),
  ...texts('InProgressItem', InProgressItem, { orderId: 1, orderState: 1 }, ['name', 'logo', 'fullButtonName']),
  ...nums('InProgressItem', InProgressItem, { orderId: 1, orderState: 1 }, ['amount']),
  f('HomeResponse.homeProductVos', HomeResponse, { userStatus: 1 }, ['homeProductVos'], LIST),
  f('HomeResponse.undwayList', HomeResponse, { userStatus: 1 }, ['undwayList'], LIST),
  // loans
  ...nums('CalculationResult', CalculationResult, CALCULATION, ['loanAmount', 'arriveAmount', 'period']),
  f('CalculationResult.dueDate', CalculationResult, CALCULATION, ['dueDate'], OPTIONAL_TEXT),
  f('Precheck.orderStatus', Precheck, {}, ['orderStatus'], OPTIONAL_CODE, { understood: CODE_UNDERSTOOD }),
  f('Precheck.rejectStatusVO', Precheck, { orderStatus: 0 }, ['rejectStatusVO'], { ...objectOf({}), object: null }, {
    understood: [[{ day: '3', hour: 5 }, { day: 3, hour: 5 }], [{ day: 3 }, null]],
  }),
  // orders
  ...texts('OrderListItem', OrderListItem, ORDER_LIST_ITEM, ['orderNo']),
  ...nums('OrderListItem', OrderListItem, ORDER_LIST_ITEM, ['arriveAmount', 'repaymentAmount']),
  f('OrderListItem.productId', OrderListItem, ORDER_LIST_ITEM, ['productId'], OPTIONAL_ID),
  f('OrderList', OrderList, [], [], LIST),
  ...texts('Order', Order, ORDER, ['orderNo', 'repaymentDate', 'loanDate', 'applyTime', 'extensionMsg', 'bankNo']),
  f('Order.productId', Order, ORDER, ['productId'], OPTIONAL_ID),
  ...nums('Order', Order, ORDER, ['arriveAmount', 'repaymentAmount', 'overdueDays', 'overdueFee', 'paidAmount', 'serviceFee', 'gstFee', 'gtsFee', 'interest']),
  ...['extensionState', 'isExtension', 'reservation', 'canChooseAmount'].map((n) => f(`Order.${n}`, Order, ORDER, [n], OPTIONAL_CODE, { understood: CODE_UNDERSTOOD })),
  f('PaymentUrl.paymentId', PaymentUrl, { paymentUrl: 'https://pay.example/p/1' }, ['paymentId'], OPTIONAL_ID),
  // payments (beyond the spec)
  ...texts('PaymentRecord', PaymentRecord, PAYMENT, ['orderNo', 'createdAt', 'paidAt', 'reference', 'knownBy', 'receiptNo', 'newDueDate']),
  ...nums('PaymentRecord', PaymentRecord, PAYMENT, ['amount', 'paidAmount', 'dueAfter']),
  f('PaymentRecord.orderId', PaymentRecord, PAYMENT, ['orderId'], { ...OPTIONAL_ID, missing: null }),
  ...['purpose', 'status'].map((n) =>
    f(`PaymentRecord.${n}`, PaymentRecord, PAYMENT, [n], { ...OPTIONAL_ID, text: null, number: null, missing: null }, {
      understood: n === 'purpose' ? [['extensionFee', 'extensionFee'], ['Repayment', null]] : [['pending', 'pending'], ['success', null]],
    }),
  ),
  f('PaymentRecord.paidOff', PaymentRecord, PAYMENT, ['paidOff'], { ...objectOf({}), missing: null }),
  ...nums('PaidOff', PaidOff, {}, ['principal', 'interest', 'fees', 'penalCharge', 'excess']),
  // products
  f('ProductInfo.amountList', ProductInfo, PRODUCT, ['amountList'], NUMBERS, { understood: [[[5000, '1000', 'x', {}, null], [1000, 5000]], [{ 0: 2000, 1: 1000 }, [1000, 2000]]] }),
  ...texts('ProductInfo', ProductInfo, PRODUCT, ['loanProcessingTime', 'slogan']),
  ...nums('ProductInfo', ProductInfo, PRODUCT, ['score', 'serviceRate']),
  f('ProductInfo.periodList', ProductInfo, PRODUCT, ['periodList'], NUMBERS, { understood: [[[7, '14', 'x'], [7, 14]]] }),
  f('ProductInfo.detail', ProductInfo, PRODUCT, ['detail'], LIST),
  ...texts('ProductDetailSection', ProductDetailSection, {}, ['title']),
  f('ProductDetailSection.content', ProductDetailSection, {}, ['content'], LINES, { understood: [['Age 18+\r\nIndian citizen\n', ['Age 18+', 'Indian citizen']], [{ 1: 'b', 0: 'a' }, ['a', 'b']]] }),
  // schedule
  ...texts('ScheduledOrder', ScheduledOrder, SCHEDULED, ['productName', 'bankNo', 'createTime', 'orderNo']),
  f('ScheduledOrder.cardId', ScheduledOrder, SCHEDULED, ['cardId'], OPTIONAL_ID),
  f('ScheduledOrderList', ScheduledOrderList, [], [], LIST),
  // verification
  f('VerificationStatus.userAuthConfigVoList', VerificationStatus, STATUS, ['userAuthConfigVoList'], LIST),
  ...texts('VerificationStatus', VerificationStatus, STATUS, ['key'], ['userAuthConfigVoList', 0]),
  ...['basic', 'work', 'kycAadhaarAndPan', 'kycFaceAndHold', 'contact'].map((n) => f(`VerificationStatus.${n}`, VerificationStatus, STATUS, [n], CODE_OR_0, { understood: CODE_UNDERSTOOD })),
  f('KycAuthConfig.KycPageInfoVo', KycAuthConfig, {}, ['KycPageInfoVo'], LIST),
  f('KycAuthConfig.KycPageInfoVo.0.photoType', KycAuthConfig, { KycPageInfoVo: [{}] }, ['KycPageInfoVo', 0, 'photoType'], OPTIONAL_TEXT),
  ...texts('KycAuthConfig', KycAuthConfig, { KycPageInfoVo: [{}] }, ['title'], ['KycPageInfoVo', 0]),
  ...texts('OcrResult', OcrResult, {}, ['name', 'idNo', 'panNo']),
  f('AadhaarSendOtp.state', AadhaarSendOtp, {}, ['state'], OPTIONAL_CODE, { understood: CODE_UNDERSTOOD }),
  f('AadhaarSendOtp.verifier', AadhaarSendOtp, { state: 0 }, ['verifier'], objectOf({ message: '' })),
  f('AadhaarSendOtp.verifier.success', AadhaarSendOtp, { state: 2, verifier: {} }, ['verifier', 'success'], OPTIONAL_FLAG, { understood: FLAG_UNDERSTOOD.map(([x, y]) => [x, x === 2 || x === 'yes' ? null : y] as const) }),
  ...texts('AadhaarSendOtp', AadhaarSendOtp, { state: 2, verifier: {} }, ['message'], ['verifier']),
  f('FaceResult.status', FaceResult, {}, ['status'], OPTIONAL_CODE, { understood: CODE_UNDERSTOOD }),
  f("LivingCheckConfig['living-config']", LivingCheckConfig, {}, ['living-config'], FLAG, {
    understood: FLAG_UNDERSTOOD,
    out: (o) => (o as LivingCheckConfig).needsHold,
  }),
  f('LivingCheck.status', LivingCheck, {}, ['status'], { ...OPTIONAL_CODE, missing: null }, { understood: CODE_UNDERSTOOD, out: (o) => (o as LivingCheck).status }),
  ...texts('DictionaryItem', DictionaryItem, { dictValue: '1' }, ['dictLabel']),
  ...texts('AuthPageField', AuthPageField, FIELD, ['key', 'label']),
  ...nums('AuthPageField', AuthPageField, FIELD, ['checkReq', 'checkType', 'lengthLimitMax']),
  f('AuthPageField.dictionaryVoList', AuthPageField, FIELD, ['dictionaryVoList'], LIST),
  f('AuthPageInfo', AuthPageInfo, [], [], LIST),
  f('WorkPageInfo.canHidden', WorkPageInfo, {}, ['canHidden'], LIST),
  f('WorkPageInfo.cannotHidden', WorkPageInfo, {}, ['cannotHidden'], LIST),
  f('ErrorColumns.errorColumn', ErrorColumns, {}, ['errorColumn'], LIST),
  f('ErrorColumns.errorColumn.0.column', ErrorColumns, { errorColumn: [{ msg: 'Too long' }] }, ['errorColumn', 0, 'column'], OPTIONAL_TEXT),
  ...texts('ErrorColumns', ErrorColumns, { errorColumn: [{ column: 'pinCode' }] }, ['msg'], ['errorColumn', 0]),
  ...texts('Place', Place, { id: 1 }, ['name']),
  f('PlaceList', PlaceList, [], [], LIST),
];

describe('contract: a field whose shape the spec does not give reads any JSON value', () => {
  it.each(LENIENT.map((field) => [field.name, field] as const))('%s', (_, field) => {
    const read = (value: unknown, leaveOut = false) => {
      const input = field.path.length ? withField(field.base, field.path, value, leaveOut) : value;
      const r = v.safeParse(field.schema, input);
      return r.success ? { ok: true as const, value: field.out ? field.out(r.output) : at(r.output, field.path) } : { ok: false as const, issues: r.issues.map((i) => v.getDotPath(i)) };
    };
    for (const [shape, value] of Object.entries(ODD) as [Odd, unknown][]) {
      const expected = field.reading[shape];
      const got = read(value);
      if (expected === 'error') expect(got.ok, `${shape}: an item the app cannot read is named`).toBe(false);
      else expect(got, `${shape} ${JSON.stringify(value)}`).toEqual({ ok: true, value: expected });
    }
    if (field.path.length) expect(read(undefined, true), 'left out').toEqual({ ok: true, value: field.reading.missing });
    for (const [value, expected] of field.understood ?? []) expect(read(value), JSON.stringify(value)).toEqual({ ok: true, value: expected });
  });

  it('reads a list sent as an object with keys 0, 1, 2… in that order; any other object is an empty list', () => {
    expect(v.parse(PlaceList, { 1: { id: 2, name: 'Kerala' }, 0: { id: 1, name: 'Karnataka' } })).toEqual([
      { id: '1', name: 'Karnataka' },
      { id: '2', name: 'Kerala' },
    ]);
    expect(v.parse(PlaceList, {})).toEqual([]);
    expect(v.parse(PlaceList, { a: { id: 1, name: 'x' } })).toEqual([]);
  });

  it('gives every answer its own default list (one answer changed never changes the next)', () => {
    const first = v.parse(HomeResponse, { userStatus: 1 });
    first.homeProductVos.push(v.parse(HomeProduct, HOME_PRODUCT));
    expect(v.parse(HomeResponse, { userStatus: 1 }).homeProductVos).toEqual([]);
  });

  it('reads the living-check config a backend sends as an object as "no living-hold", and a data that is not an object too', () => {
    expect(v.parse(LivingCheckConfig, { 'living-config': { type: 'h5' } })).toEqual({ needsHold: false });
    for (const data of [null, undefined, 'h5', 1, [1]]) expect(v.parse(LivingCheckConfig, data)).toEqual({ needsHold: false });
    expect(v.parse(LivingCheckConfig, { 'living-config': '1' })).toEqual({ needsHold: true });
  });

  it('reads the country as a code, {country} or {countryCode}; anything else is unknown', () => {
    expect(v.parse(Country, 'in')).toBe('IN');
    expect(v.parse(Country, { countryCode: 'IN' })).toBe('IN');
    for (const odd of Object.values(ODD)) expect(v.parse(Country, odd)).toBeNull();
  });
});

describe('contract: what the app cannot work without stays required, and its absence names it', () => {
  const required: [string, v.GenericSchema, unknown, readonly (string | number)[]][] = [
    ['the login token', LoginResponse, { token: 'abc' }, ['token']],
    ["a bank card's id", BankCard, { id: 1 }, ['id']],
    ["a branch's IFSC", Branch, { id: 1, ifsc: 'SBIN0001234' }, ['ifsc']],
    ["a home product's id", HomeProduct, HOME_PRODUCT, ['id']],
    ["a home product's maximum amount", HomeProduct, HOME_PRODUCT, ['maxAmount']],
    ['the home layout (userStatus)', HomeResponse, { userStatus: 1 }, ['userStatus']],
    ["an in-progress item's order id", InProgressItem, { orderId: 1, orderState: 1 }, ['orderId']],
    ["an in-progress item's state", InProgressItem, { orderId: 1, orderState: 1 }, ['orderState']],
    ["an order's id", Order, ORDER, ['orderId']],
    ["an order's state", Order, ORDER, ['orderState']],
    ["an order's loan amount", Order, ORDER, ['loanAmount']],
    ["a listed order's id", OrderListItem, ORDER_LIST_ITEM, ['orderId']],
    ["a listed order's id, inside the list", OrderList, [ORDER_LIST_ITEM], [0, 'orderId']],
    ["a listed order's state, inside the list", OrderList, [ORDER_LIST_ITEM], [0, 'orderState']],
    ['the payment URL', PaymentUrl, { paymentUrl: 'https://pay.example/p/1' }, ['paymentUrl']],
    ["a payment's id (its receipt's link)", PaymentRecord, PAYMENT, ['id']],
    ['the repayment amount of a calculation', CalculationResult, CALCULATION, ['repaymentAmount']],
    ['the processing fee of a calculation', CalculationResult, CALCULATION, ['serviceFee']],
    ["a product's period", ProductInfo, PRODUCT, ['period']],
    ["a product's interest rate", ProductInfo, PRODUCT, ['interestRate']],
    ["an extension's id", ExtensionInfo, EXTENSION, ['extensionId']],
    ["an extension's repay id", ExtensionInfo, EXTENSION, ['orderRepayId']],
    ["an extension's fee", ExtensionInfo, EXTENSION, ['extensionFee']],
    ["a schedule's id", ScheduledOrder, SCHEDULED, ['id']],
    ["a schedule's product", ScheduledOrder, SCHEDULED, ['productId']],
    ["a schedule's state", ScheduledOrder, SCHEDULED, ['state']],
    ["a form field's parameter name", AuthPageField, FIELD, ['value']],
    ["a form field's data type", AuthPageField, FIELD, ['dataType']],
    ["a dropdown choice's value", DictionaryItem, { dictValue: '1' }, ['dictValue']],
    ["a state's id", Place, { id: 1 }, ['id']],
    ['the envelope code', Envelope, { code: 0 }, ['code']],
  ];
  it.each(required)('%s', (_, schema, base, path) => {
    const name = path.join('.');
    expect(v.safeParse(schema, base).success).toBe(true);
    const missing = issuesOf(schema, withField(base, path, undefined, true));
    expect(missing.length, 'left out').toBeGreaterThan(0);
    expect(missing[0]).toMatch(new RegExp(`^${name}: .*`));
    for (const odd of [{ type: 'h5' }, null, true]) {
      const wrong = issuesOf(schema, withField(base, path, odd));
      expect(wrong[0], JSON.stringify(odd)).toMatch(new RegExp(`^${name}: `));
    }
  });

  it('names the field in the message a borrower could quote, e.g. the token and the IFSC', () => {
    expect(issuesOf(LoginResponse, { token: '' })).toEqual(['token: token is required']);
    expect(issuesOf(LoginResponse, {})).toEqual(['token: Invalid key: Expected "token" but received undefined']);
    expect(issuesOf(Branch, { id: 1, ifsc: 7 })).toEqual(['ifsc: ifsc must be a text']);
    expect(issuesOf(Order, { ...ORDER, orderId: null })).toEqual(['orderId: Expected an id']);
  });

  it('keeps an unreadable list item an error that names it, instead of an empty list that would hide it', () => {
    expect(issuesOf(HomeResponse, { userStatus: 1, homeProductVos: [HOME_PRODUCT, { ...HOME_PRODUCT, id: null }] })).toEqual(['homeProductVos.1.id: Expected an id']);
  });
});

describe('contract: request shapes', () => {
  it('reads queries as the server receives them (strings)', () => {
    expect(v.parse(CalculateQuery, { amount: '2000', period: '7', productId: '3' })).toEqual({ amount: 2000, period: 7, productId: '3' });
    expect(v.parse(PrecheckQuery, { productId: 3 })).toEqual({ productId: '3' });
    expect(issuesOf(CalculateQuery, { amount: 'lots', period: '7', productId: '3' })).toEqual(['amount: Expected a number']);
  });

  it('names the missing field of a money-moving payload', () => {
    expect(v.parse(OrderActionPayload, { orderId: 17 })).toEqual({ orderId: '17' });
    expect(issuesOf(ExtensionActionPayload, { extensionId: '1', orderId: '2' })[0]).toMatch(/^orderRepayId: /);
    expect(issuesOf(CancelScheduledOrderPayload, { id: '4' })[0]).toMatch(/^orderNo: /);
  });

  it('checks an IFSC and card digits on binding', () => {
    expect(issuesOf(BankBindPayload, { bankCode: 'SBIN0001234', cardNo: '12345678', confirmCardNo: '12345678' })).toEqual([]);
    expect(issuesOf(BankBindPayload, { bankCode: 'SBIN1001234', cardNo: '12345678', confirmCardNo: '12345678' })).toEqual(['bankCode: bankCode must be an IFSC']);
  });

  it('refuses empty feedback and malformed idempotency keys', () => {
    expect(issuesOf(FeedbackForm, { content: '   ' })).toEqual(['content: content is required']);
    expect(v.is(IdempotencyKey, crypto.randomUUID())).toBe(true);
    expect(v.is(IdempotencyKey, 'short')).toBe(false);
    expect(v.is(IdempotencyKey, 'a'.repeat(129))).toBe(false);
  });
});

describe('contract: a bank of the IFSC finder', () => {
  it("reads the spec's id and bankName, and a code when a backend sends one, leniently", () => {
    const banks = v.parse(BankNameList, [
      { id: 1, bankName: 'State Bank of India' },
      { id: 2, bankName: 'HDFC Bank', bankCode: 'HDFC' },
      { id: 3, bankName: 'ICICI Bank', ifscCode: ' icic0000011 ' },
      { id: 4, bankName: 'Axis Bank', code: 'utib' },
      { id: 5, bankName: 'Bank of Baroda', ifscPrefix: 'BARB', bankCode: 'not a code' },
      { id: 6, bankName: 'Canara Bank', bankCode: 42, code: 'CNRB0' },
      { id: 7, bankName: 'Yes Bank', ifsc: 'YESB0000001' },
    ]);
    expect(banks.map((b) => [b.id, b.code])).toEqual([
      ['1', undefined],
      ['2', 'HDFC'],
      ['3', 'ICIC'],
      ['4', 'UTIB'],
      ['5', 'BARB'],
      ['6', undefined],
      ['7', 'YESB'],
    ]);
    // The name is read leniently (the finder does not list a bank it cannot name: ifsc.rules bankLabel); the id stays required.
    expect(v.parse(BankNameList, [{ id: 1 }, { id: 2, bankName: { en: 'x' } }]).map((b) => b.bankName)).toEqual(['', '']);
    expect(issuesOf(BankNameList, [{ bankName: 'SBI' }])).toEqual(['0.id: Invalid key: Expected "id" but received undefined']);
  });
});

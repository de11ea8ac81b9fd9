/**
 * valibot schemas for every entity of spec §3 (and the few response shapes §7 names).
 *
 * Shared by the client (src/api) and the sandbox server (server/), so the contract is written once.
 * Rules, so that the app works against any backend that follows the spec:
 * - objects are loose: extra fields a backend adds are accepted and ignored;
 * - a missing required field is rejected with a message that names it (see `formatIssues` in client.ts);
 * - numbers may arrive as JSON numbers or numeric strings, and are numbers afterwards;
 * - ids may arrive as numbers or strings, and are strings afterwards (they go into URLs);
 * - optional lists may be null or absent, and are [] afterwards.
 */
import * as v from 'valibot';

/** A number, or a numeric string such as "2000" or "0.05". */
export const num = v.union(
  [v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number))],
  'Expected a number',
);
/** An id: a number or a non-empty string, kept as a string. */
export const id = v.union(
  [v.pipe(v.number(), v.transform(String)), v.pipe(v.string(), v.minLength(1))],
  'Expected an id',
);
/** A text that may be null or absent: '' afterwards. */
export const text = v.optional(v.pipe(v.nullable(v.string()), v.transform((s) => s ?? '')), '');
/** A list that may be null or absent: [] afterwards. */
export const list = <T extends v.GenericSchema>(item: T) =>
  v.optional(v.pipe(v.nullable(v.array(item)), v.transform((a) => a ?? [])), []);
/** Lines given either as a list of strings or as one string with line breaks. */
export const lines = v.optional(
  v.pipe(
    v.nullable(v.union([v.array(v.string()), v.string()])),
    v.transform((x) => (x == null ? [] : Array.isArray(x) ? x : x.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean)),
  ),
  [],
);
const optionalNum = v.optional(v.nullable(num));

/** The response envelope every call returns. `data` is parsed per call. */
export const Envelope = v.looseObject({
  code: num,
  msg: v.optional(v.nullable(v.string())),
  data: v.optional(v.unknown()),
});
export type Envelope = v.InferOutput<typeof Envelope>;

// ---------- Home ----------
export const HomeProduct = v.looseObject({
  id,
  name: v.string(),
  logo: text,
  maxAmount: num,
  /** Loan period in days. */
  period: num,
  /** Interest as a fraction per day (0.001 = 0.1% per day). */
  rate: num,
  /** 0 means it can be applied for. */
  isFull: num,
  productType: optionalNum,
  h5Href: text,
});
export type HomeProduct = v.InferOutput<typeof HomeProduct>;

export const InProgressItem = v.looseObject({
  orderId: id,
  orderState: num,
  name: text,
  logo: text,
  amount: optionalNum,
  fullButtonName: text,
});
export type InProgressItem = v.InferOutput<typeof InProgressItem>;

export const HomeResponse = v.looseObject({
  /** 1 single-product layout, 2 multi-product layout. */
  userStatus: num,
  homeProductVos: list(HomeProduct),
  undwayList: list(InProgressItem),
});
export type HomeResponse = v.InferOutput<typeof HomeResponse>;

// ---------- Products, calculation, precheck ----------
export const ProductDetailSection = v.looseObject({ title: text, content: lines });
export const ProductInfo = v.looseObject({
  /** Ascending. */
  amountList: v.pipe(list(num), v.transform((a) => [...a].sort((x, y) => x - y))),
  period: num,
  /** Interest as a fraction per day. */
  interestRate: num,
  /** Lending time, as the backend words it (e.g. "2 hours"). */
  loanProcessingTime: v.optional(v.pipe(v.nullable(v.union([v.string(), v.number()])), v.transform((x) => (x == null ? '' : String(x)))), ''),
  /** Rating. */
  score: optionalNum,
  serviceRate: optionalNum,
  slogan: text,
  periodList: list(num),
  /** detail[0].content: eligibility lines; detail[1].content: requirement lines. */
  detail: list(ProductDetailSection),
});
export type ProductInfo = v.InferOutput<typeof ProductInfo>;

export const CalculationResult = v.looseObject({
  repaymentAmount: num,
  serviceFee: num,
  gstFee: num,
  interest: num,
});
export type CalculationResult = v.InferOutput<typeof CalculationResult>;

export const Precheck = v.looseObject({
  /** 0 denied (see rejectStatusVO), 2 an open order exists. */
  orderStatus: num,
  rejectStatusVO: v.optional(v.nullable(v.looseObject({ day: num, hour: num }))),
});
export type Precheck = v.InferOutput<typeof Precheck>;

// ---------- Bank ----------
export const BankCard = v.looseObject({ id, cardNo: v.string(), bankCode: text });
export type BankCard = v.InferOutput<typeof BankCard>;
export const BankName = v.looseObject({ id, bankName: v.string() });
export const NamedPlace = v.looseObject({ id, name: v.string() });
export const Branch = v.looseObject({ id, name: text, ifsc: v.string() });

// ---------- Verification ----------
export const DictionaryItem = v.looseObject({ dictLabel: v.string(), dictValue: v.union([v.string(), v.pipe(v.number(), v.transform(String))]) });
export const AuthPageField = v.looseObject({
  /** The title shown to the borrower. */
  key: v.string(),
  /** The parameter name sent back. */
  value: v.string(),
  /** 0 dropdown, 1 text/number input, 3 day of month 1-31, 4 state list, 5 district list of the state. */
  dataType: num,
  checkReq: optionalNum,
  /** 1 means numeric. */
  checkType: optionalNum,
  lengthLimitMax: optionalNum,
  label: text,
  dictionaryVoList: list(DictionaryItem),
});
export type AuthPageField = v.InferOutput<typeof AuthPageField>;
export const AuthPageInfo = list(AuthPageField);
export const WorkPageInfo = v.looseObject({ canHidden: list(AuthPageField), cannotHidden: list(AuthPageField) });

export const AuthStepKey = v.picklist(['basic', 'work', 'identity', 'face', 'contacts']);
export type AuthStepKey = v.InferOutput<typeof AuthStepKey>;
export const VerificationStatus = v.looseObject({
  userAuthConfigVoList: list(v.looseObject({ key: v.string() })),
  basic: num,
  work: num,
  kycAadhaarAndPan: num,
  kycFaceAndHold: num,
  contact: num,
});
export type VerificationStatus = v.InferOutput<typeof VerificationStatus>;

export const ErrorColumns = v.looseObject({ errorColumn: list(v.looseObject({ column: v.optional(v.nullable(v.string())), msg: v.string() })) });
export const OcrResult = v.looseObject({ name: text, idNo: text, panNo: text });
/** photoType absent, null or '' on the first entry means the no-upload variant (spec §2 KYC). */
export const KycAuthConfig = v.looseObject({
  KycPageInfoVo: list(
    v.looseObject({
      photoType: v.optional(v.nullable(v.union([v.pipe(v.number(), v.transform(String)), v.string()]))),
      title: text,
    }),
  ),
});
export type KycAuthConfig = v.InferOutput<typeof KycAuthConfig>;
export const FaceResult = v.looseObject({ status: num });
/** GET /auth/v1/living-check-config: data['living-config'], read as "the flow also needs living-hold" (1, '1', true). */
export const LivingCheckConfig = v.pipe(
  v.looseObject({ 'living-config': v.optional(v.nullable(v.union([v.number(), v.string(), v.boolean()]))) }),
  v.transform((d) => ({ needsHold: d['living-config'] === 1 || d['living-config'] === '1' || d['living-config'] === true })),
);
/** POST /auth/v3/living-check: a status when the backend sends one (the result page reads face-result anyway). */
export const LivingCheck = v.pipe(
  v.optional(v.nullable(v.looseObject({ status: v.optional(v.nullable(num)) }))),
  v.transform((d) => ({ status: d?.status ?? null })),
);
/** A state or district (GET /map-state/v1/list, /map-state/v1/district/{stateId}). */
export const Place = v.looseObject({ id, name: v.string() });
export type Place = v.InferOutput<typeof Place>;
export const PlaceList = list(Place);

export type OcrResult = v.InferOutput<typeof OcrResult>;
export const AadhaarSendOtp = v.looseObject({
  state: num,
  verifier: v.optional(v.nullable(v.looseObject({ success: v.optional(v.unknown()), message: text }))),
});
export type AadhaarSendOtp = v.InferOutput<typeof AadhaarSendOtp>;
export type WorkPageInfo = v.InferOutput<typeof WorkPageInfo>;

// ---------- Orders ----------
export const OrderListItem = v.looseObject({
  orderId: id,
  orderNo: text,
  orderState: num,
  loanAmount: num,
  arriveAmount: optionalNum,
  repaymentAmount: optionalNum,
  /** Not in the spec's list item, but sent by backends that know it; used to match orders to products. */
  productId: v.optional(v.nullable(id)),
});
export type OrderListItem = v.InferOutput<typeof OrderListItem>;
export const OrderList = list(OrderListItem);

export const Order = v.looseObject({
  orderId: id,
  orderNo: text,
  productId: id,
  orderState: num,
  loanAmount: num,
  period: num,
  arriveAmount: optionalNum,
  repaymentAmount: optionalNum,
  repaymentDate: text,
  loanDate: text,
  applyTime: text,
  overdueDays: optionalNum,
  overdueFee: optionalNum,
  serviceFee: optionalNum,
  gstFee: optionalNum,
  gtsFee: optionalNum,
  interest: optionalNum,
  extensionMsg: text,
  extensionState: optionalNum,
  isExtension: optionalNum,
  reservation: optionalNum,
  bankNo: text,
  canChooseAmount: optionalNum,
});
export type Order = v.InferOutput<typeof Order>;

export const PaymentUrl = v.looseObject({ paymentUrl: v.pipe(v.string(), v.url()) });

export const ExtensionInfo = v.looseObject({
  extensionId: id,
  orderRepayId: id,
  extensionFee: num,
  extensionFeePaid: num,
  extensionServiceFee: num,
  /** A fraction. */
  extensionRate: num,
  interest: num,
  extensionApplyTime: text,
  extensionDay: num,
  /** The new due date. */
  extensionTime: text,
});
export type ExtensionInfo = v.InferOutput<typeof ExtensionInfo>;

export const ScheduledOrder = v.looseObject({
  id,
  productId: id,
  productName: text,
  /** 0 scheduled, 2 applied, 3 canceled. */
  state: num,
  expectBorrowAmount: num,
  bankNo: text,
  createTime: text,
  cardId: v.optional(v.nullable(id)),
  orderNo: text,
});
export type ScheduledOrder = v.InferOutput<typeof ScheduledOrder>;
export const ScheduledOrderList = list(ScheduledOrder);

// ---------- Request payloads (validated by the sandbox server, typed for the client) ----------
const mobile = v.pipe(v.string(), v.regex(/^\d{10}$/, 'mobile must be 10 digits'));
export const ContactPayload = v.object({
  oneName: v.pipe(v.string(), v.minLength(1)),
  oneMobile: mobile,
  oneRelation: v.pipe(v.string(), v.minLength(1)),
  twoName: v.pipe(v.string(), v.minLength(1)),
  twoMobile: mobile,
  twoRelation: v.pipe(v.string(), v.minLength(1)),
  thirdName: v.pipe(v.string(), v.minLength(1)),
  thirdMobile: mobile,
  thirdRelation: v.pipe(v.string(), v.minLength(1)),
});
export type ContactPayload = v.InferOutput<typeof ContactPayload>;

export const BankBindPayload = v.object({
  bankCode: v.pipe(v.string(), v.regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'bankCode must be an IFSC')),
  cardNo: v.pipe(v.string(), v.regex(/^\d{1,19}$/, 'cardNo must be digits, fewer than 20')),
  confirmCardNo: v.string(),
  productId: v.optional(id),
  clientId: v.optional(v.string()),
});
export type BankBindPayload = v.InferOutput<typeof BankBindPayload>;

export const ApplyPayload = v.object({
  cardId: id,
  borrowAmount: num,
  periods: num,
  productId: id,
  checkEmail: v.optional(v.unknown()),
  autoGetMoney: v.picklist([0, 1]),
  autoMoney: v.optional(v.unknown()),
});
export type ApplyPayload = v.InferOutput<typeof ApplyPayload>;

export const LoginPayload = v.object({
  phone: v.pipe(v.string(), v.regex(/^91\d{10}$/, 'phone must be 91 followed by 10 digits')),
  code: v.pipe(v.string(), v.regex(/^\d{4}$/, 'code must be 4 digits')),
});
export type LoginPayload = v.InferOutput<typeof LoginPayload>;

export const BuryingPoint = v.looseObject({
  projectName: v.string(),
  pageName: v.string(),
  behavior: v.string(),
  value: v.optional(v.unknown()),
  eventTime: v.union([v.number(), v.string()]),
});
export type BuryingPoint = v.InferOutput<typeof BuryingPoint>;

// ---------- Other entities ----------
export const HelpItem = v.looseObject({ title: v.string(), content: text });
export type HelpItem = v.InferOutput<typeof HelpItem>;
export const HelpList = list(HelpItem);
export const AboutUs = v.looseObject({ appName: v.string(), copywriting: text });
export type AboutUs = v.InferOutput<typeof AboutUs>;
export const LoginResponse = v.looseObject({ token: v.pipe(v.string(), v.minLength(1)), isRegister: v.optional(v.unknown()) });
export type LoginResponse = v.InferOutput<typeof LoginResponse>;
export const DeviceInfo = v.looseObject({
  sign: text,
  deviceId: text,
  version: text,
  idfv: text,
  idfa: text,
  systemVersion: text,
  model: text,
});
export type DeviceInfo = v.InferOutput<typeof DeviceInfo>;
export const ClientConfig = v.looseObject({
  customer: v.optional(v.nullable(v.looseObject({ phone: text, email: text })), null),
});
export type ClientConfig = v.InferOutput<typeof ClientConfig>;
export const DownloadCheck = v.looseObject({ accordWith: v.optional(v.unknown()) });
/** A response whose data the caller does not use (sendCode, burying-point, …). */
export const Ignored = v.unknown();

/** Phone rules live with the machines that apply them; the app re-exports them. */
export { digitsOnly, formatPhone, isValidMobile, normalizePhone, PHONE_DIGITS, LOGIN_CODE_DIGITS } from '../../machines/shared/phone';

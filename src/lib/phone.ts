/** Phone rules live with the machines that apply them; the app re-exports what it shows. */
export { formatPhone } from '../../machines/shared/phone';
